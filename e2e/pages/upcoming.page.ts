import type { Locator, Page } from '@playwright/test';

/** Upcoming: the agenda by day and the month grid. */
export class UpcomingScreen {
  readonly main: Locator;
  readonly heading: Locator;
  readonly agenda: Locator;
  readonly episodes: Locator;
  readonly monthGrid: Locator;
  readonly exportButton: Locator;
  /** Nothing followed and nothing on the watchlist. */
  readonly emptyTitle: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'Upcoming' });
    this.agenda = this.main.locator('[data-agenda]');
    this.episodes = this.agenda.locator('[data-event="episode"]');
    this.monthGrid = this.main.getByRole('table', { name: /^Calendar for / });
    this.emptyTitle = this.main.getByRole('heading', { name: 'Nothing coming up' });
    this.exportButton = this.main.getByRole('button', { name: 'Export to calendar (.ics)' });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Upcoming' })
      .click();
    await this.heading.waitFor();
  }

  async showMonth(): Promise<void> {
    await this.main.getByText('Month', { exact: true }).click();
    await this.monthGrid.waitFor();
  }
}
