import { countries } from '../../catalogue';
import { departments } from '../../catalogue';
import { startAppStack } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { SettingsScreen } from '../pages/settings.page';
import { expect, screenshot, test } from './shell.support';

test.describe('Settings', () => {
  test('lists the catalogue’s real countries, sorted, with a working filter', async ({
    page,
    stack,
  }) => {
    const frame = new AppFrame(page);
    const settings = new SettingsScreen(page);
    await frame.open(stack.harness.url);
    await frame.clickSection('Settings');

    await expect(settings.countryRows).toHaveCount(countries.length);
    await expect(settings.countryCount).toHaveText(`${countries.length} countries`);
    await expect(settings.countryRow('Germany')).toContainText('Deutschland');
    await expect(settings.countryRow('Germany')).toContainText('DE');
    const firstNames = await settings.countryRows.locator('td:first-child').allTextContents();
    expect(firstNames).toEqual(
      [...firstNames].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );

    await settings.countryFilter.fill('日本');
    await expect(settings.countryRows).toHaveCount(1);
    await expect(settings.countryRows.first()).toContainText('Japan');
    await expect(settings.countryCount).toHaveText(`1 of ${countries.length} countries`);
    await settings.countryFilter.fill('atlantis');
    await expect(settings.countries).toContainText('No country matches “atlantis”.');
    await settings.countryFilter.fill('');
    await expect(settings.countryRows).toHaveCount(countries.length);

    await expect(settings.departments).toHaveCount(departments.length);
    await settings.departments.filter({ hasText: 'Directing' }).click();
    await expect(
      settings.jobs.getByRole('listitem').filter({ hasText: /^Director$/ }),
    ).toBeVisible();
    // Fresh data online carries no caption (issue 13): the age shows only offline or stale.
    await expect(settings.countries).not.toContainText(/fetched/);
  });

  test('says the age of data only when it matters: offline, not while fresh and online', async ({
    page,
    stack,
  }) => {
    test.setTimeout(120_000);
    const fresh = await startAppStack();
    try {
      const frame = new AppFrame(page);
      const settings = new SettingsScreen(page);
      await frame.open(fresh.harness.url);
      await frame.clickSection('Settings');
      await expect(settings.countryRows.first()).toBeVisible();
      await page.reload();
      await expect(settings.countryRows.first()).toBeVisible();
      await expect(settings.countries).not.toContainText(/fetched/);

      // TMDB stops answering; a new search finds out, and the saved copy now says what it is.
      fresh.catalogue.faults.set([{ kind: 'drop' }]);
      await frame.clickSection('Search');
      await page.getByRole('searchbox').first().fill('zzqx');
      await expect(frame.status).toContainText('Offline', { timeout: 60_000 });
      await frame.clickSection('Settings');
      await expect(settings.countries).toContainText('Offline copy, fetched just now');
      fresh.catalogue.faults.clear();
      expect(stack.harness.origin).not.toBe(fresh.harness.origin);
    } finally {
      await fresh.close();
    }
  });

  test('follows the OS colour scheme, light and dark', async ({ page, stack }) => {
    const frame = new AppFrame(page);
    const settings = new SettingsScreen(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await frame.open(stack.harness.url);
    await frame.clickSection('Settings');
    await expect(settings.countryRows.first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const lightBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    await screenshot(page, 'settings-light');

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const darkBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    expect(darkBackground).not.toBe(lightBackground);
    await screenshot(page, 'settings-dark');

    // A choice made in Settings wins over the OS and survives a reload.
    await settings.themeChoice('Light').check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await settings.themeChoice('Match the system').check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('offline', () => {
  test('when TMDB stops answering, Settings offers Retry and the status bar says Offline', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const lone = await startAppStack();
    try {
      const frame = new AppFrame(page);
      const settings = new SettingsScreen(page);
      await frame.open(lone.harness.url);
      await expect(frame.status).toContainText('Online');

      await lone.catalogue.close();
      await frame.clickSection('Settings');
      await expect(settings.countriesError).toContainText('Could not load countries', {
        timeout: 45_000,
      });
      await expect(frame.status).toContainText('Offline');

      await settings.retry.click();
      await expect(settings.countriesError).toContainText('Could not load countries', {
        timeout: 45_000,
      });
      await expect(settings.retry).toBeEnabled({ timeout: 45_000 });
      await expect(frame.status).toContainText('Offline');
      await expect(settings.countryRows).toHaveCount(0);
      await screenshot(page, 'settings-offline');
    } finally {
      await lone.close();
    }
  });
});
