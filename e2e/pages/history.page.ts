import type { Locator, Page } from '@playwright/test';

/** History: every play, newest first, grouped by day, page by page. */
export class HistoryScreen {
  readonly main: Locator;
  readonly heading: Locator;
  readonly days: Locator;
  readonly dayHeadings: Locator;
  readonly plays: Locator;
  readonly total: Locator;
  readonly showMore: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'History' });
    this.days = this.main.locator('[data-history-day]');
    this.dayHeadings = this.days.getByRole('heading', { level: 2 });
    this.plays = this.main.locator('[data-history-play]');
    this.total = this.main.locator('[data-history-total]');
    this.showMore = this.main.getByRole('button', { name: 'Show more plays' });
    this.empty = this.main.getByRole('heading', { name: 'No plays yet' });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'History', exact: true })
      .click();
    await this.heading.waitFor();
  }

  filter(name: 'All' | 'Films' | 'Episodes'): Locator {
    return this.main.getByRole('radio', { name, exact: true });
  }

  play(uid: string): Locator {
    return this.main.locator(`[data-history-play="${uid}"]`);
  }

  remove(uid: string): Locator {
    return this.play(uid).getByRole('button', { name: /^Remove the play of / });
  }
}
