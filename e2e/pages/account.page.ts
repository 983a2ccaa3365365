import type { Page } from '@playwright/test';
import { EmptySectionScreen } from './empty-section.page';

/** The Account screen. */
export class AccountScreen extends EmptySectionScreen {
  constructor(page: Page) {
    super(page, 'Account', 'Not signed in');
  }
}
