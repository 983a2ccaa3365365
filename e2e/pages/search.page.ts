import type { Locator, Page } from '@playwright/test';
import { EmptySectionScreen } from './empty-section.page';

/** The Search screen; `emptyTitle` is the empty state shown before anything is typed. */
export class SearchScreen extends EmptySectionScreen {
  readonly main: Locator;
  readonly box: Locator;
  readonly panel: Locator;
  readonly results: Locator;
  readonly summary: Locator;
  readonly offline: Locator;

  constructor(page: Page) {
    super(page, 'Search', 'Start typing to search');
    this.main = page.getByRole('main');
    this.box = this.main.getByRole('searchbox', { name: 'Search TMDB' });
    this.panel = this.main.getByRole('tabpanel');
    this.results = this.panel.getByRole('list', { name: /^Results for / });
    this.summary = this.panel.getByText(/results for “/);
    this.offline = this.panel.getByText(/^From your offline cache/);
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
}
