/**
 * What the shell's specs share: a stack of their own (the app as a new user first sees it), a
 * picture of a whole section, and what each section must show once it is open.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, startAppStack, test as base, type AppStack } from '../fixtures';
import { AboutScreen } from '../pages/about.page';
import { AccountScreen } from '../pages/account.page';
import { BrowseScreen } from '../pages/browse.page';
import { CapturedScreen } from '../pages/captured.page';
import { HistoryScreen } from '../pages/history.page';
import { UpcomingScreen } from '../pages/upcoming.page';
import { UpNextScreen } from '../pages/upnext.page';
import type { SectionName } from '../pages/frame.page';
import { ImportScreen } from '../pages/import.page';
import { ListsScreen } from '../pages/lists.page';
import { PicksScreen } from '../pages/picks.page';
import { SearchScreen } from '../pages/search.page';
import { SettingsScreen } from '../pages/settings.page';
import { StatsScreen } from '../pages/stats.page';

export { expect };

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

/**
 * These tests check the app as a new user first sees it (an empty watchlist, signed out, nothing
 * cached), so they get a stack of their own rather than the one earlier spec files filled.
 * Redefining the worker fixture gives the shell's specs a worker of their own.
 */
export const test = base.extend<object, { stack: AppStack }>({
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
export async function screenshot(page: Page, name: string): Promise<void> {
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
export async function expectSection(page: Page, name: SectionName): Promise<void> {
  switch (name) {
    case 'Browse':
      await expect(new BrowseScreen(page).emptyTitle).toBeVisible();
      break;
    case 'Search':
      await expect(new SearchScreen(page).emptyTitle).toBeVisible();
      break;
    case 'For you':
      await expect(new PicksScreen(page).onMyServices).toBeVisible();
      break;
    case 'Up Next':
      await expect(new UpNextScreen(page).empty).toBeVisible();
      break;
    case 'History':
      await expect(new HistoryScreen(page).empty).toBeVisible();
      break;
    case 'Upcoming':
      await expect(new UpcomingScreen(page).emptyTitle).toBeVisible();
      break;
    case 'Captured':
      await expect(new CapturedScreen(page).emptyTitle).toBeVisible();
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
