import type { Locator, Page } from '@playwright/test';

type Collection = 'Watchlist' | 'Favourites' | 'Rated' | 'Lists';
type Media = 'Movies' | 'Series' | 'Episodes';

/** The Lists screen: the collections' tabs, the virtual list, custom lists and the sync panel. */
export class ListsScreen {
  readonly main: Locator;
  readonly heading: Locator;
  /** The empty watchlist of a fresh account. */
  readonly emptyTitle: Locator;
  readonly rows: Locator;
  readonly summary: Locator;
  readonly filterText: Locator;
  readonly yearFrom: Locator;
  readonly minRating: Locator;
  readonly sortBy: Locator;
  readonly direction: Locator;
  readonly syncPanel: Locator;
  readonly outboxEntries: Locator;
  readonly newListName: Locator;
  readonly newListDescription: Locator;
  readonly createList: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'Lists' });
    this.emptyTitle = this.main.getByRole('heading', { name: 'Your watchlist has no films yet.' });
    this.rows = this.main.locator('[data-row]');
    this.summary = this.main.locator('[data-summary]');
    this.filterText = this.main.getByRole('searchbox', { name: 'Filter by title' });
    this.yearFrom = this.main.getByRole('spinbutton', { name: 'From year' });
    this.minRating = this.main.getByRole('combobox', { name: 'Min. rating' });
    this.sortBy = this.main.getByRole('combobox', { name: 'Sort by' });
    this.direction = this.main.getByRole('button', { name: /order; switch to/ });
    this.syncPanel = this.main.locator('[data-sync-panel]');
    this.outboxEntries = this.syncPanel.locator('[data-outbox-entry]');
    this.newListName = this.main.getByRole('textbox', { name: 'Name' });
    this.newListDescription = this.main.getByRole('textbox', { name: /Description/ });
    this.createList = this.main.getByRole('button', { name: 'Create list' });
    this.dialog = page.getByRole('alertdialog');
  }

  async open(origin: string): Promise<void> {
    await this.page.goto(`${origin}/#/lists`);
    await this.heading.waitFor();
  }

  collectionTab(name: Collection): Locator {
    return this.main.getByRole('tablist', { name: 'Collections' }).getByRole('tab', { name });
  }

  mediaTab(name: Media): Locator {
    return this.main
      .getByRole('tablist', { name: /by type$/ })
      .getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  row(title: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }

  async titles(): Promise<string[]> {
    return this.rows.locator('a').allTextContents();
  }

  customList(name: string): Locator {
    return this.main
      .getByRole('list', { name: 'Your lists' })
      .getByRole('listitem')
      .filter({ hasText: name });
  }
}

interface BridgeResult {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}

/** Calls Marquee's core through the page's own `window.api`, as the renderer does. */
export async function invoke(page: Page, channel: string, input?: unknown): Promise<BridgeResult> {
  return page.evaluate(
    async ([c, i]) => {
      const bridge = (
        window as unknown as { api: { invoke(ch: string, inp?: unknown): Promise<BridgeResult> } }
      ).api;
      return bridge.invoke(c, i);
    },
    [channel, input] as const,
  );
}

/** Like `invoke`, but a failure fails the test with the core's message. */
export async function invokeOk(page: Page, channel: string, input?: unknown): Promise<unknown> {
  const result = await invoke(page, channel, input);
  if (!result.ok)
    throw new Error(
      `${channel} failed: ${result.error?.code ?? ''} ${result.error?.message ?? ''}`,
    );
  return result.value;
}
