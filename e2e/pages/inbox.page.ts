import type { Locator, Page } from '@playwright/test';

/** The inbox: the bell in the navigation, and its page of new episodes and releases. */
export class InboxScreen {
  readonly main: Locator;
  readonly bell: Locator;
  readonly heading: Locator;
  readonly items: Locator;
  readonly unreadItems: Locator;
  readonly checkNow: Locator;
  readonly markAllRead: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.bell = page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /^Inbox/ });
    this.heading = this.main.getByRole('heading', { level: 1, name: 'Inbox' });
    this.items = this.main.locator('[data-inbox-item]');
    this.unreadItems = this.main.locator('[data-inbox-item].unread');
    this.checkNow = this.main.getByRole('button', { name: 'Check for new episodes' });
    this.markAllRead = this.main.getByRole('button', { name: 'Mark all read' });
  }

  async open(): Promise<void> {
    await this.bell.click();
    await this.heading.waitFor();
  }
}
