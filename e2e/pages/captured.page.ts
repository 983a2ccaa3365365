import type { Locator, Page } from '@playwright/test';

/** Captured: the plays media servers added to the history, and the viewings left to review. */
export class CapturedScreen {
  readonly main: Locator;
  readonly heading: Locator;
  readonly plays: Locator;
  readonly reviewItems: Locator;
  readonly emptyTitle: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'Captured' });
    this.plays = this.main.locator('[data-captured-play]');
    this.reviewItems = this.main.locator('[data-review-item]');
    this.emptyTitle = this.main.getByRole('heading', { name: 'Nothing captured yet' });
  }
}
