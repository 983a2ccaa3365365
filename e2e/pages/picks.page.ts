import type { Locator, Page } from '@playwright/test';

/** "For you": the shelf on Browse and the page, each pick a link with its reason and a dismiss. */
export class PicksScreen {
  readonly main: Locator;
  readonly heading: Locator;
  readonly onMyServices: Locator;
  /** The shelf on Browse. */
  readonly shelf: Locator;
  readonly basisNote: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'For you' });
    this.onMyServices = this.main.getByRole('checkbox', { name: 'On my services' });
    this.shelf = this.main.getByRole('region', { name: 'For you', exact: true });
    this.basisNote = this.main.locator('[data-basis]');
  }

  /** The picks of the shelf (on Browse) or of the page. */
  picks(where: 'shelf' | 'page'): Locator {
    return (where === 'shelf' ? this.shelf : this.main).locator('[data-pick]');
  }

  pick(where: 'shelf' | 'page', key: string): Locator {
    return (where === 'shelf' ? this.shelf : this.main).locator(`[data-pick="${key}"]`);
  }

  reasons(where: 'shelf' | 'page'): Locator {
    return this.picks(where).locator('[data-reason]');
  }

  notInterested(pick: Locator): Locator {
    return pick.getByRole('button', { name: /^Not interested in / });
  }
}
