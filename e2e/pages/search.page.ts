import type { Locator, Page, Response } from '@playwright/test';
import { IPC_PATH } from '../harness/bridge-script';
import { EmptySectionScreen } from './empty-section.page';

/** The Search screen; `emptyTitle` is the empty state shown before anything is typed. */
export class SearchScreen extends EmptySectionScreen {
  readonly main: Locator;
  readonly box: Locator;
  readonly panel: Locator;
  readonly results: Locator;
  readonly summary: Locator;
  readonly offline: Locator;
  /** The mark on results from the local index while TMDB's answer is on its way. */
  readonly localMark: Locator;

  constructor(page: Page) {
    super(page, 'Search', 'Start typing to search');
    this.main = page.getByRole('main');
    this.box = this.main.getByRole('searchbox', { name: 'Search TMDB' });
    this.panel = this.main.getByRole('tabpanel');
    this.results = this.panel.getByRole('list', { name: /^Results for / });
    this.summary = this.panel.getByText(/results for “/);
    this.offline = this.panel.getByText(/^From your offline cache/);
    this.localMark = this.panel.getByText(/^From titles you.ve seen — searching TMDB/);
  }

  tab(name: 'Films, series & people' | 'Collections'): Locator {
    return this.main.getByRole('tab', { name });
  }

  /** Result rows: links for films, series and people; groups for collections. */
  rows(): Locator {
    return this.results.locator('[data-result]');
  }

  noResults(query: string): Locator {
    return this.panel.getByRole('heading', { name: `No results for “${query}”` });
  }

  /**
   * Resolves when the core has answered the `search.multi` call for `query` (TMDB's search, or
   * the local index's with `localOnly`), whatever the page then does with the answer.
   */
  answered(query: string, localOnly: boolean): Promise<Response> {
    return this.page.waitForResponse((response) => {
      if (new URL(response.url()).pathname !== IPC_PATH) return false;
      const body = response.request().postDataJSON() as {
        channel?: string;
        input?: { query?: string; localOnly?: boolean };
      } | null;
      return (
        body?.channel === 'search.multi' &&
        body.input?.query === query &&
        (body.input.localOnly ?? false) === localOnly
      );
    });
  }
}
