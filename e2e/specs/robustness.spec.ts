import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, startAppStack, test, type AppStack } from '../fixtures';
import { BrowseScreen } from '../pages/browse.page';
import { invokeOk } from '../pages/lists.page';
import { AppFrame } from '../pages/frame.page';
import { SettingsScreen } from '../pages/settings.page';

/**
 * Real TMDB data is messy (null names, duplicate job names, 10,000-character words, ids that
 * vanished): none of it may break a page, widen the window or leak internal text (issue 13).
 */

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

/** Text that only a developer should ever see. */
const INTERNAL =
  /GET \/3|POST \/3|\/3\/|HTTP \d{3}|ECONNREFUSED|fetch failed|expected string|status_code|TMDB status \d/;

/** How far the window, or the main region inside it, scrolls sideways (0 when it does not). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    const inMain = main ? main.scrollWidth - main.clientWidth : 0;
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, inMain);
  });
}

test.describe('Real-world TMDB data', () => {
  let stack: AppStack;
  test.beforeAll(async () => {
    // 400 titles: at least 100 series, so every messy kind appears among them too (messy.ts).
    stack = await startAppStack({ messy: true, titles: 400 });
  });
  test.afterAll(async () => {
    await stack.close();
  });

  test('Settings shows a jobs list with a duplicate job, and navigation never freezes', async ({
    page,
  }) => {
    const frame = new AppFrame(page);
    const settings = new SettingsScreen(page);
    const browse = new BrowseScreen(page);
    await frame.open(stack.harness.url);
    await frame.clickSection('Settings');
    await expect(settings.departments.first()).toBeVisible();
    await settings.departments.filter({ hasText: 'Sound' }).click();
    await expect(settings.jobs.getByText('ADR Editor', { exact: true }).first()).toBeVisible();
    await frame.clickSection('Browse');
    await expect(browse.section('Trending series')).toBeVisible();
    await frame.clickSection('Settings');
    await expect(settings.heading).toBeVisible();
    await expect(settings.departments.first()).toBeVisible();
  });

  test('no main view is wider than the window', async ({ page }) => {
    const frame = new AppFrame(page);
    const browse = new BrowseScreen(page);
    const messy = stack.catalogue.data.messy;
    await page.setViewportSize({ width: 1100, height: 800 });
    await frame.open(stack.harness.url);
    await expect(browse.cards('Discover movies').first()).toBeVisible();
    await expect(browse.cards('Trending series').first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOTS}/robust-browse.png`, animations: 'disabled' });

    const longMovie = messy.longWordIds.movie[0] ?? messy.longOverviewIds.movie[0];
    const longSeries = messy.longWordIds.tv[0] ?? messy.longOverviewIds.tv[0];
    for (const [kind, id] of [
      ['movie', longMovie],
      ['tv', longSeries],
    ] as const) {
      if (id === undefined) throw new Error(`the messy catalogue has no long ${kind} text`);
      await page.goto(`${stack.harness.origin}/#/${kind}/${String(id)}`);
      await expect(frame.heading()).toBeVisible();
      // A 10,000-character overview is clamped, with More to read it whole.
      const more = frame.main.getByRole('button', { name: 'More', exact: true }).first();
      await expect(more).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `${SCREENSHOTS}/robust-${kind}-clamped.png`,
        animations: 'disabled',
      });
      await more.click();
      await expect(
        frame.main.getByRole('button', { name: 'Less', exact: true }).first(),
      ).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `${SCREENSHOTS}/robust-${kind}.png`,
        animations: 'disabled',
      });
    }

    for (const section of ['Search', 'Lists', 'Settings', 'Account', 'About'] as const) {
      await frame.clickSection(section);
      await expect(frame.heading()).toBeVisible();
      expect(await horizontalOverflow(page), section).toBeLessThanOrEqual(0);
    }
  });

  test('fresh data online carries no offline or cache label', async ({ page }) => {
    const frame = new AppFrame(page);
    const browse = new BrowseScreen(page);
    await frame.open(stack.harness.url);
    await expect(browse.cards('Top-rated series').first()).toBeVisible();
    // A second visit is served from the (fresh) cache.
    await page.reload();
    await expect(browse.cards('Top-rated series').first()).toBeVisible();
    await expect(frame.main.getByText(/Offline copy|offline cache|From the cache/)).toHaveCount(0);
    await expect(frame.main.getByText(/could not refresh/)).toHaveCount(0);
  });

  test('one unreadable title never blanks a shelf, and failures speak plainly', async ({
    page,
  }) => {
    const frame = new AppFrame(page);
    const browse = new BrowseScreen(page);
    await frame.open(stack.harness.url);
    for (const shelf of [
      'Trending series',
      'Top-rated series',
      'Popular people',
      'Discover movies',
    ] as const) {
      await expect(browse.cards(shelf).first()).toBeVisible();
    }
    await expect(frame.main.getByRole('alert')).toHaveCount(0);
    await expect(frame.main).not.toContainText(INTERNAL, { useInnerText: true });

    // A vanished title: its page says so in one sentence, without TMDB's internals.
    const vanished = stack.catalogue.data.messy.vanishedIds.movie[0];
    if (vanished === undefined) throw new Error('the messy catalogue has no vanished film');
    await page.goto(`${stack.harness.origin}/#/movie/${String(vanished)}`);
    const alert = frame.main.getByRole('alert').first();
    await expect(alert).toBeVisible();
    await expect(alert).not.toContainText(INTERNAL, { useInnerText: true });
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('a reload while TMDB is unreachable still says Offline', async ({ page }) => {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await expect(frame.status).toContainText('Online');
    stack.catalogue.faults.set([{ kind: 'drop' }]);
    try {
      await frame.clickSection('Search');
      await page.getByRole('searchbox').first().fill('zzqx');
      await expect(frame.status).toContainText('Offline', { timeout: 60_000 });
      await page.reload();
      await frame.nav.waitFor();
      await expect(frame.status).toContainText('Offline');
      await expect(frame.main).not.toContainText(INTERNAL, { useInnerText: true });
    } finally {
      stack.catalogue.faults.clear();
    }
  });

  test('the newest person shows what is known, and signed-out Lists offers no sync', async ({
    page,
  }) => {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    const newest = (await invokeOk(page, 'browse.latestPerson')) as {
      data: { id: number; name: string };
    };
    await page.goto(`${stack.harness.origin}/#/person/${String(newest.data.id)}`);
    await expect(frame.heading()).toHaveText(newest.data.name);
    await expect(frame.main.getByText(/lists no|No biography/)).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/robust-person.png`, animations: 'disabled' });

    await frame.clickSection('Lists');
    await expect(frame.heading()).toBeVisible();
    await expect(frame.main.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
    await expect(frame.main.locator('[data-sync-panel]')).toHaveCount(0);
  });
});
