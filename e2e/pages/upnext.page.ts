import type { Locator, Page } from '@playwright/test';

/** Up Next: one row per series in progress, with its next episode. */
export class UpNextScreen {
  readonly main: Locator;
  readonly heading: Locator;
  readonly rows: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'Up Next' });
    this.rows = this.main.locator('[data-upnext-row]');
    this.empty = this.main.getByRole('heading', { name: 'Nothing up next' });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Up Next' })
      .click();
    await this.heading.waitFor();
  }

  row(seriesId: number): Locator {
    return this.main.locator(`[data-upnext-row="${seriesId}"]`);
  }

  /** The `SxEy` code the row shows. */
  code(seriesId: number): Locator {
    return this.row(seriesId).locator('.code');
  }

  more(seriesId: number): Locator {
    return this.row(seriesId).getByRole('button', { name: /^More for / });
  }

  menuItem(name: string): Locator {
    return this.main.getByRole('menuitem', { name });
  }

  markWatched(seriesId: number): Locator {
    return this.row(seriesId).getByRole('button', { name: /^Mark watched/ });
  }
}
