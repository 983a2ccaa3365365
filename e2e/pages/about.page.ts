import type { Locator, Page } from '@playwright/test';

/** The About screen: version, catalogue in use and TMDB's attribution. */
export class AboutScreen {
  readonly heading: Locator;
  readonly facts: Locator;
  readonly attribution: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'About' });
    this.facts = main.locator('dl');
    this.attribution = main.getByRole('region', { name: 'Data source' });
  }
}
