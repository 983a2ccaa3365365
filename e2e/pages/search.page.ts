import type { Page } from '@playwright/test';
import { EmptySectionScreen } from './empty-section.page';

/** The Search screen. */
export class SearchScreen extends EmptySectionScreen {
  constructor(page: Page) {
    super(page, 'Search', 'Search is not available yet');
  }
}
