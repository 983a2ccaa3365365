import { mkdirSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { startAppStack, type AppStack } from '../fixtures';
import { AccountScreen } from '../pages/account.page';
import { AppFrame } from '../pages/frame.page';

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

/** The app against the demo catalogue, with a stand-in system browser that records what it was asked to open. */
type SignInStack = AppStack;

function startSignInStack(): Promise<SignInStack> {
  return startAppStack({ titles: 100 });
}

const test = base.extend<{ app: SignInStack; problems: string[] }>({
  // Playwright requires the fixture's first argument to be an object pattern.
  // eslint-disable-next-line no-empty-pattern
  app: async ({}, use) => {
    const app = await startSignInStack();
    await use(app);
    await app.close();
  },
  // Console errors, page errors and CSP violations must stay empty, as everywhere in Marquee's specs.
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error')
          problems.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens the app on the Account section, signed out. */
async function openAccount(page: Page, app: SignInStack): Promise<AccountScreen> {
  const frame = new AppFrame(page);
  await frame.open(app.harness.url);
  await frame.clickSection('Account');
  const account = new AccountScreen(page);
  await expect(account.emptyTitle).toBeVisible();
  return account;
}

/** Plays the user in the system browser: opens the recorded approval page and presses a button. */
async function answerInBrowser(
  page: Page,
  app: SignInStack,
  button: 'Approve' | 'Deny',
): Promise<string> {
  await expect.poll(() => app.opened.length).toBeGreaterThan(0);
  const url = app.opened.at(-1) ?? '';
  expect(url.startsWith(`${app.catalogue.apiBase}/authenticate/`)).toBe(true);
  // The system browser is not the app's window: a context of its own, without the harness's key.
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error('no browser to open the approval page in');
  const browser = await context.newPage();
  await browser.goto(url);
  await expect(
    browser.getByRole('heading', { name: 'Allow Marquee to use your account?' }),
  ).toBeVisible();
  await browser.getByRole('button', { name: button }).click();
  await expect(browser.getByText('You can return to Marquee')).toBeVisible();
  const landed = browser.url();
  await context.close();
  return landed;
}

test.describe('sign-in', () => {
  test('through TMDB’s approval page in the browser, then the Account view and sign-out', async ({
    page,
    app,
  }) => {
    const account = await openAccount(page, app);
    await account.signInWithTmdb.click();
    await expect(account.waiting).toBeVisible();
    await expect(account.iHaveApproved).toBeVisible();

    const landed = await answerInBrowser(page, app, 'Approve');
    expect(landed).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    await expect(account.accountName).toHaveText('Demo Viewer');
    await expect(account.accountCard).toContainText('@marquee-demo');
    await expect(account.detail('Country')).toHaveText('United States (US)');
    await expect(account.detail('Language')).toHaveText('English (en)');
    await expect(account.detail('Adult content')).toHaveText('Hidden (set on TMDB)');
    await expect(account.avatar).toBeVisible();
    // Every image comes from the app itself, never from another origin.
    const sources = await page
      .locator('main img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
    for (const src of sources) expect(new URL(src).origin).toBe(new URL(app.harness.url).origin);
    await page.screenshot({
      path: `${SCREENSHOTS}/account.png`,
      fullPage: true,
      animations: 'disabled',
    });

    await account.signOut.click();
    await expect(account.emptyTitle).toBeVisible();
    await expect(account.signInWithTmdb).toBeVisible();
  });

  test('with “I have approved” when the browser does not come back', async ({ page, app }) => {
    const account = await openAccount(page, app);
    await account.iHaveApproved.waitFor({ state: 'detached' });
    await account.signInWithTmdb.click();
    await expect(account.waiting).toBeVisible();
    // Pressed before approving: TMDB says not yet, and the wait goes on.
    await account.iHaveApproved.click();
    await expect(account.error).toContainText('TMDB has not approved this sign-in');
    await expect(account.waiting).toBeVisible();

    // Approve without following the redirect, as when the browser cannot reach Marquee.
    const token = /\/authenticate\/([A-Za-z0-9]+)/.exec(app.opened.at(-1) ?? '')?.[1] ?? '';
    await page.request.post(`${app.catalogue.apiBase}/authenticate/${token}/allow`, {
      maxRedirects: 0,
    });
    await account.iHaveApproved.click();
    await expect(account.accountName).toHaveText('Demo Viewer');
  });

  test('a denial shows a clear error, and Retry starts again', async ({ page, app }) => {
    const account = await openAccount(page, app);
    await account.signInWithTmdb.click();
    await expect(account.waiting).toBeVisible();
    await answerInBrowser(page, app, 'Deny');
    await expect(account.error).toContainText('You denied Marquee access on TMDB');
    await expect(account.waiting).toBeHidden();

    await account.retry.click();
    await expect(account.waiting).toBeVisible();
    expect(app.opened).toHaveLength(2);
    await answerInBrowser(page, app, 'Approve');
    await expect(account.accountName).toHaveText('Demo Viewer');
  });

  test('with username and password; a wrong password is refused clearly', async ({ page, app }) => {
    const account = await openAccount(page, app);
    await account.signInWithPassword(app.catalogue.demoUser, 'not-my-password');
    await expect(account.error).toContainText('TMDB did not accept that username and password');
    await expect(account.password).toHaveValue('');

    await account.signInWithPassword(app.catalogue.demoUser, app.catalogue.demoPassword);
    await expect(account.accountName).toHaveText('Demo Viewer');
    expect(app.opened).toEqual([]);
  });

  test('as a guest, who can only rate, and back out', async ({ page, app }) => {
    const account = await openAccount(page, app);
    await account.guest.click();
    await expect(account.guestHeading).toBeVisible();
    await expect(page.getByRole('main')).toContainText('As a guest you can rate');
    await expect(account.guest).toBeHidden();
    await account.endGuest.click();
    await expect(account.emptyTitle).toBeVisible();
  });
});
