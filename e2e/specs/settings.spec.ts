import { mkdirSync } from 'node:fs';
import { expect, startAppStack, test, type AppStack } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { invokeOk } from '../pages/lists.page';
import { SettingsScreen } from '../pages/settings.page';

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

test.describe('Settings', () => {
  let stack: AppStack;
  test.beforeAll(async () => {
    stack = await startAppStack();
  });
  test.afterAll(async () => {
    await stack.close();
  });

  test('the theme switch applies at once and is kept', async ({ page }) => {
    const frame = new AppFrame(page);
    const settings = new SettingsScreen(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await frame.open(stack.harness.url);
    await frame.clickSection('Settings');
    await expect(settings.countryRows.first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.screenshot({ path: `${SCREENSHOTS}/settings.png`, animations: 'disabled' });

    await settings.themeChoice('Dark').check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect
      .poll(async () => ((await invokeOk(page, 'settings.get')) as { theme: string }).theme)
      .toBe('dark');
    await page.screenshot({ path: `${SCREENSHOTS}/settings-dark.png`, animations: 'disabled' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await settings.themeChoice('Match the system').check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('language and region persist', async ({ page }) => {
    const frame = new AppFrame(page);
    const settings = new SettingsScreen(page);
    await frame.open(stack.harness.url);
    await frame.clickSection('Settings');
    await settings.language.selectOption('de-DE');
    await expect(page.getByRole('status').filter({ hasText: 'Saved the language' })).toBeVisible();
    await settings.region.selectOption({ label: 'Germany' });
    await expect(page.getByRole('status').filter({ hasText: 'Saved the region' })).toBeVisible();
    await page.reload();
    await expect(settings.language).toHaveValue('de-DE');
    await expect(settings.region).toHaveValue('DE');
    const saved = (await invokeOk(page, 'settings.get')) as { language: string; region: string };
    expect(saved).toMatchObject({ language: 'de-DE', region: 'DE' });
    await settings.language.selectOption('en-US');
    await settings.region.selectOption('US');
  });

  test('"check for updates" is off by default, and turning it on is kept', async ({ page }) => {
    const frame = new AppFrame(page);
    const settings = new SettingsScreen(page);
    await frame.open(stack.harness.url);
    await frame.clickSection('Settings');
    await expect(settings.checkForUpdates).not.toBeChecked();
    // The browser version has no updater, and says so rather than offer what it cannot do.
    await expect(page.getByTestId('update-unavailable')).toContainText('does not update itself');
    await settings.checkForUpdates.check();
    await expect
      .poll(
        async () =>
          ((await invokeOk(page, 'settings.get')) as { checkForUpdates: boolean }).checkForUpdates,
      )
      .toBe(true);
    await page.reload();
    await expect(settings.checkForUpdates).toBeChecked();
    await settings.checkForUpdates.uncheck();
    await expect
      .poll(
        async () =>
          ((await invokeOk(page, 'settings.get')) as { checkForUpdates: boolean }).checkForUpdates,
      )
      .toBe(false);
  });

  test('clearing the cache updates the sizes shown', async ({ page }) => {
    const frame = new AppFrame(page);
    const settings = new SettingsScreen(page);
    await frame.open(stack.harness.url);
    await invokeOk(page, 'browse.discoverMovies', { page: 1 });
    await frame.clickSection('Settings');
    await expect(settings.cacheValue('responses')).not.toHaveText(/^0 ·/);
    await settings.clearCache.click();
    await expect(
      page.getByRole('status').filter({ hasText: /Cleared the cache, freeing/ }),
    ).toBeVisible();
    await expect(settings.cacheValue('titles')).toHaveText('0 titles · 0 people');
  });

  test('an invalid token shows why, is never shown back, and changes nothing', async ({ page }) => {
    const frame = new AppFrame(page);
    const settings = new SettingsScreen(page);
    await frame.open(stack.harness.url);
    await frame.clickSection('Settings');
    await expect(settings.tokenState).toContainText('demo catalogue');
    const secret = 'eyJhbGciOiJIUzI1NiJ9.not-a-real-token-for-marquee';
    await settings.tokenInput.fill(secret);
    await expect(settings.tokenInput).toHaveAttribute('type', 'password');
    await settings.saveToken.click();
    await expect(settings.tokenError).toContainText('The token was not saved.');
    await expect(settings.tokenState).toContainText('demo catalogue');
    expect(await page.locator('body').innerText()).not.toContain(secret);
  });
});
