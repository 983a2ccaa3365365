import type { Page } from '@playwright/test';
import { EmptySectionScreen } from './empty-section.page';

/** The Browse screen. */
export class BrowseScreen extends EmptySectionScreen {
  constructor(page: Page) {
    super(page, 'Browse', 'Nothing to browse yet');
  }
}
