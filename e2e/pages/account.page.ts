import type { Locator, Page } from '@playwright/test';
import { EmptySectionScreen } from './empty-section.page';

/** The Account screen: the sign-in panel when signed out, the account card when signed in. */
export class AccountScreen extends EmptySectionScreen {
  readonly signInWithTmdb: Locator;
  readonly waiting: Locator;
  readonly iHaveApproved: Locator;
  readonly cancel: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly passwordSubmit: Locator;
  readonly guest: Locator;
  readonly error: Locator;
  readonly retry: Locator;
  readonly accountName: Locator;
  readonly accountCard: Locator;
  readonly avatar: Locator;
  readonly signOut: Locator;
  readonly endGuest: Locator;
  readonly guestHeading: Locator;
  readonly discardDialog: Locator;

  constructor(page: Page) {
    super(page, 'Account', 'Not signed in');
    const main = page.getByRole('main');
    this.signInWithTmdb = main.getByRole('button', { name: 'Sign in with TMDB' });
    this.waiting = main.getByText('Waiting for approval in your browser…');
    this.iHaveApproved = main.getByRole('button', { name: 'I have approved' });
    this.cancel = main.getByRole('button', { name: 'Cancel' });
    const form = main.getByRole('form', { name: 'Sign in with username and password' });
    this.username = form.getByLabel('TMDB username');
    this.password = form.getByLabel('Password');
    this.passwordSubmit = form.getByRole('button', { name: 'Sign in' });
    this.guest = main.getByRole('button', { name: 'Continue as guest (can only rate)' });
    this.error = main.getByRole('alert');
    this.retry = main.getByRole('button', { name: 'Retry' });
    this.accountCard = main.getByRole('article');
    this.accountName = main.getByRole('heading', { level: 2 }).first();
    this.avatar = this.accountCard.getByRole('img');
    this.signOut = main.getByRole('button', { name: 'Sign out', exact: true });
    this.endGuest = main.getByRole('button', { name: 'End guest session' });
    this.guestHeading = main.getByRole('heading', { name: 'Guest session' });
    this.discardDialog = page.getByRole('alertdialog', { name: 'Discard unsent changes?' });
  }

  /** Details of the account card: "Country" → "United States (US)". */
  detail(term: string): Locator {
    return this.accountCard
      .locator('dt', { hasText: term })
      .locator('xpath=following-sibling::dd[1]');
  }

  async signInWithPassword(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.passwordSubmit.click();
  }
}
