import type { Page } from '@playwright/test';
import { EmptySectionScreen } from './empty-section.page';

/** The Lists screen. */
export class ListsScreen extends EmptySectionScreen {
  constructor(page: Page) {
    super(page, 'Lists', 'No lists to show');
  }
}
