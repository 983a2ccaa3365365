import type { Locator, Page } from '@playwright/test';

/** The shared shape of the sections that are not filled yet: a heading and an honest empty state. */
export class EmptySectionScreen {
  readonly heading: Locator;
  readonly emptyTitle: Locator;

  constructor(
    readonly page: Page,
    title: string,
    emptyTitle: string,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: title });
    this.emptyTitle = main.getByRole('heading', { level: 2, name: emptyTitle });
  }
}
