import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { countries } from '../../catalogue';
import { departments } from '../../catalogue';
import { expect, startAppStack, test as base, type AppStack } from '../fixtures';
import { AboutScreen } from '../pages/about.page';
import { AccountScreen } from '../pages/account.page';
import { BrowseScreen } from '../pages/browse.page';
import { UpcomingScreen } from '../pages/upcoming.page';
import { UpNextScreen } from '../pages/upnext.page';
import { AppFrame, sectionNames, sectionRoute, type SectionName } from '../pages/frame.page';
import { ImportScreen } from '../pages/import.page';
import { ListsScreen } from '../pages/lists.page';
import { SearchScreen } from '../pages/search.page';
import { SettingsScreen } from '../pages/settings.page';
import { StatsScreen } from '../pages/stats.page';

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

/**
 * These tests check the app as a new user first sees it (an empty watchlist, signed out, nothing
 * cached), so they get a stack of their own rather than the one earlier spec files filled.
 * Redefining the worker fixture gives this file its own worker.
 */
const test = base.extend<object, { stack: AppStack }>({
  stack: [
    // Playwright requires the fixture's first argument to be an object pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startAppStack();
      await use(stack);
      await stack.close();
    },
    { scope: 'worker' },
  ],
});

/**
 * A full-page picture of a section. Only the main region scrolls in Marquee's frame, so the window
 * is first made as tall as that region's content: the shot shows the whole section in its frame.
 */
async function screenshot(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollHeight - main.clientHeight : 0;
  });
  await page.setViewportSize({
    width: original.width,
    height: original.height + Math.max(0, overflow),
  });
  await page.screenshot({
    path: `${SCREENSHOTS}/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await page.setViewportSize(original);
}

/** What each section must show once it is open. */
async function expectSection(page: Page, name: SectionName): Promise<void> {
  switch (name) {
    case 'Browse':
      await expect(new BrowseScreen(page).emptyTitle).toBeVisible();
      break;
    case 'Search':
      await expect(new SearchScreen(page).emptyTitle).toBeVisible();
      break;
    case 'Up Next':
      await expect(new UpNextScreen(page).empty).toBeVisible();
      break;
    case 'Upcoming':
      await expect(new UpcomingScreen(page).emptyTitle).toBeVisible();
      break;
    case 'Lists':
      await expect(new ListsScreen(page).emptyTitle).toBeVisible();
      break;
    case 'Stats':
      await expect(new StatsScreen(page).emptyTitle).toBeVisible();
      break;
    case 'Account':
      await expect(new AccountScreen(page).emptyTitle).toBeVisible();
      break;
    case 'Import & export':
      await expect(new ImportScreen(page).chooseFile).toBeVisible();
      break;
    case 'Settings':
      await expect(new SettingsScreen(page).countryRows.first()).toBeVisible();
      break;
    case 'About':
      await expect(new AboutScreen(page).attribution).toContainText(
        'This product uses the TMDB API but is not endorsed or certified by TMDB.',
      );
      break;
  }
}

test.describe('the app frame', () => {
  test('every section opens from the navigation by mouse, with its heading focused', async ({
    page,
    stack,
  }) => {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await expect(page).toHaveURL(/#\/browse$/);
    await expect(frame.heading()).toHaveText('Browse');

    for (const name of sectionNames) {
      await frame.clickSection(name);
      await expect(page).toHaveURL(new RegExp(`#/${sectionRoute(name)}$`));
      await expect(frame.heading()).toHaveText(name);
      await expect(frame.link(name)).toHaveAttribute('aria-current', 'page');
      await expect(frame.nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expectSection(page, name);
      if (name !== 'Browse') await expect(frame.heading()).toBeFocused();
      await screenshot(page, sectionRoute(name));
    }
  });

  test('the navigation is one Tab stop moved with the arrow keys, Home and End', async ({
    page,
    stack,
  }) => {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);

    await page.keyboard.press('Tab');
    await expect(frame.skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(frame.main).toBeFocused();
    await expect(page).toHaveURL(/#\/browse$/);

    await frame.focusNavigation();
    await expect(frame.link('Browse')).toBeFocused();
    await expect(frame.nav.locator('a[tabindex="0"]')).toHaveCount(1);

    await page.keyboard.press('ArrowDown');
    await expect(frame.link('Search')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(frame.heading()).toHaveText('Search');
    await expect(frame.heading()).toBeFocused();

    // Back into the list: the active item is the one Tab stop.
    await frame.link('Search').focus();
    await page.keyboard.press('End');
    await expect(frame.link('About')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(frame.link('Browse')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(frame.link('About')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(frame.link('Browse')).toBeFocused();

    // Visit every section from the keyboard alone.
    for (const [index, name] of sectionNames.entries()) {
      await frame.link('Browse').focus();
      await page.keyboard.press('Home');
      for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowDown');
      await expect(frame.link(name)).toBeFocused();
      await page.keyboard.press(index % 2 === 0 ? 'Enter' : ' ');
      await expect(frame.heading()).toHaveText(name);
      await expect(frame.link(name)).toHaveAttribute('aria-current', 'page');
      await expectSection(page, name);
    }
  });

  test('the status bar says Online, that the demo catalogue is in use, and the version', async ({
    page,
    stack,
  }) => {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await expect(frame.status).toContainText('Online');
    await expect(frame.status).toContainText('Demo catalogue');
    await expect(frame.status).toContainText('Marquee 0.1.0');
  });

  test('a direct link to a section opens it, and an unknown route falls back to Browse', async ({
    page,
    stack,
  }) => {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await page.goto(`${stack.harness.origin}/#/about`);
    await expect(frame.heading()).toHaveText('About');
    await page.goto(`${stack.harness.origin}/#/nowhere`);
    await expect(frame.heading()).toHaveText('Browse');
    await expect(page).toHaveURL(/#\/browse$/);
  });
});

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

test.describe('the bridge', () => {
  test('a page on another local port cannot call Marquee’s core, even with the header', async ({
    page,
    stack,
    pageProblems,
  }) => {
    const key = new URL(stack.harness.url).searchParams.get('key') ?? '';
    const sentElsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === stack.harness.origin) return;
      void request.allHeaders().then((headers) => {
        if (JSON.stringify(headers).includes(key) || request.url().includes(key))
          sentElsewhere.push(request.url());
      });
    });
    await new AppFrame(page).open(stack.harness.url);
    // The key left the address bar, and no cookie holds it: cookies would reach every local port.
    expect(new URL(page.url()).searchParams.get('key')).toBeNull();
    expect(await page.context().cookies()).toEqual([]);
    // Ports do not make a different "site", so only the Origin check and the preflight stand in the way.
    await page.goto(`${stack.catalogue.apiBase}/3/configuration/countries`);
    const outcome = await page.evaluate(async (target) => {
      try {
        const res = await fetch(target, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', 'X-Marquee-Bridge-Key': 'guess' },
          body: JSON.stringify({ channel: 'app.info' }),
        });
        return `answered ${res.status}`;
      } catch (error) {
        return `blocked: ${String(error)}`;
      }
    }, `${stack.harness.origin}/__marquee/ipc`);
    expect(outcome).toMatch(/^blocked: TypeError/);
    expect(sentElsewhere).toEqual([]);
    // The browser reports the blocked call (and the catalogue's 401) on the console; those are expected here.
    const unexpected = pageProblems.filter((p) => !/CORS policy|Failed to load resource/.test(p));
    expect(unexpected).toEqual([]);
    pageProblems.length = 0;
  });
});

test.describe('accessibility', () => {
  const require = createRequire(import.meta.url);

  test('every section passes axe (WCAG 2 A/AA), light and dark', async ({ page, stack }) => {
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    const frame = new AppFrame(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await frame.open(stack.harness.url);
      // Evaluated through the DevTools protocol, which the page's CSP does not govern.
      await page.evaluate(axeSource);
      for (const name of sectionNames) {
        await frame.clickSection(name);
        await expectSection(page, name);
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  context: Document,
                  options: object,
                ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
              };
            }
          ).axe;
          const result = await axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
          });
          return result.violations.map(
            (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
        });
        expect(violations, `${name} (${scheme})`).toEqual([]);
      }
    }
  });
});
