import type { Locator, Page } from '@playwright/test';
import { EmptySectionScreen } from './empty-section.page';

export type ShelfName =
  'Trending series' | 'Top-rated series' | 'Popular people' | 'Discover movies';

/**
 * The Browse screen: four paged sections. (`emptyTitle`, inherited, is the first section's heading:
 * the frame's tests only check that the section opened.)
 */
export class BrowseScreen extends EmptySectionScreen {
  readonly main: Locator;
  readonly filters: Locator;
  readonly resetFilters: Locator;
  readonly filterProblem: Locator;

  constructor(page: Page) {
    super(page, 'Browse', 'Trending series');
    this.main = page.getByRole('main');
    this.filters = this.main.getByRole('form', { name: 'Discover filters' });
    this.resetFilters = this.filters.getByRole('button', { name: /^Reset filters/ });
    this.filterProblem = this.filters.getByRole('alert');
  }

  section(name: ShelfName): Locator {
    return this.main.getByRole('region', { name, exact: true });
  }

  /** The cards of a section, each one a link named "Title (Series, 2019, rated 7.5)". */
  cards(name: ShelfName): Locator {
    return this.section(name).getByRole('list', { name, exact: true }).getByRole('link');
  }

  loadMore(name: ShelfName): Locator {
    return this.section(name).getByRole('button', { name: `Load more ${name.toLowerCase()}` });
  }

  trendingWindow(label: 'Today' | 'This week'): Locator {
    return this.section('Trending series').getByRole('radio', { name: label });
  }

  genre(name: string): Locator {
    return this.filters.getByRole('group', { name: 'Genres' }).getByRole('checkbox', { name });
  }

  filter(
    label:
      | 'Sort by'
      | 'From year'
      | 'To year'
      | 'Minimum rating'
      | 'Maximum rating'
      | 'Original language',
  ): Locator {
    return this.filters.getByLabel(label, { exact: true });
  }

  /** Scrolls a section's last card into view, as a user scrolling to the end of the shelf does. */
  async scrollToEnd(name: ShelfName): Promise<void> {
    await this.cards(name).last().scrollIntoViewIfNeeded();
  }
}
