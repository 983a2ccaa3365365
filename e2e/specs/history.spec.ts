import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, startAppStack, test } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { HistoryScreen } from '../pages/history.page';
import { invokeOk } from '../pages/lists.page';
import { horizontalOverflow } from '../pages/overflow';

// A fixed start for the catalogue, the core and the page, and a fixed zone: the days stay put.
const START = Date.UTC(2026, 5, 15, 12, 0, 0);
const HOUR = 3_600_000;
const SHOTS = '/work/notes/shots/24b';
mkdirSync(SHOTS, { recursive: true });

test.use({ timezoneId: 'UTC', viewport: { width: 1100, height: 760 } });

interface HistoryPage {
  plays: { uid: string; mediaId: number; mediaType: 'movie' | 'episode' }[];
  total: number;
}

async function history(page: Page, mediaType?: 'movie' | 'episode'): Promise<HistoryPage> {
  return (await invokeOk(page, 'tracking.history', {
    limit: 100,
    ...(mediaType ? { mediaType } : {}),
  })) as HistoryPage;
}

const count = (n: number): string => `${n.toLocaleString('en')} plays`;

test('history: plays by day, a filter by kind, the next page on scroll, removal with Undo', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const began = Date.now();
  const stack = await startAppStack({
    demoHistory: true,
    now: () => START + (Date.now() - began),
  });
  try {
    await page.clock.setFixedTime(START);
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);

    // Two plays of today from other sources: a film of the demo history from Trakt, and a film
    // neither the library nor the cache knows, from Letterboxd.
    const film = (await history(page, 'movie')).plays[0];
    if (!film) throw new Error('The demo history has no film.');
    const today = (uid: string, mediaId: number, source: string, hoursAgo: number): object => ({
      uid,
      mediaType: 'movie',
      mediaId,
      season: null,
      episode: null,
      watchedAt: START - hoursAgo * HOUR,
      source,
      createdAt: START - hoursAgo * HOUR,
    });
    await invokeOk(page, 'tracking.restore', {
      plays: [
        today('e2e-trakt', film.mediaId, 'trakt', 1),
        today('e2e-unknown', 987_654_321, 'letterboxd', 2),
        today('e2e-yesterday', film.mediaId, 'backup', 20),
      ],
    });
    const all = await history(page);
    const films = await history(page, 'movie');
    const episodes = await history(page, 'episode');
    expect(all.total).toBeGreaterThan(150);

    const screen = new HistoryScreen(page);
    await screen.open();
    await expect(screen.total).toHaveText(count(all.total));

    // Newest first, by day: today's two plays, then yesterday's.
    await expect(screen.dayHeadings.nth(0)).toHaveText('Today');
    await expect(screen.dayHeadings.nth(1)).toHaveText('Yesterday');
    await expect(screen.days.first().locator('[data-history-play]')).toHaveCount(2);
    await expect(screen.days.nth(1).locator('[data-history-play="e2e-yesterday"]')).toBeVisible();
    await expect(screen.play('e2e-trakt').locator('[data-history-source]')).toHaveText('via Trakt');
    await expect(screen.play('e2e-trakt')).toContainText('11:00');
    await expect(screen.play('e2e-unknown').locator('[data-history-title]')).toHaveText(
      'Film 987654321',
    );
    // Unknown until the background fill of facts asks TMDB, which answers that it has no such film.
    await expect(screen.play('e2e-unknown').locator('[data-history-notice]')).toHaveText(
      /^(Title not known yet|Removed from TMDB)$/,
    );
    await expect(screen.play('e2e-unknown').locator('[data-history-title]')).toHaveAttribute(
      'href',
      '#/movie/987654321',
    );
    // Older days are named by weekday and date, without the year in this year.
    await expect(screen.dayHeadings.nth(2)).toHaveText(/^\w+day \d{1,2} (May|June)$/);
    await expect(screen.plays).toHaveCount(100);

    // A title of one 10,000-character word is cut short in its row; the page never widens.
    await screen
      .play('e2e-unknown')
      .locator('[data-history-title]')
      .evaluate((link) => {
        link.textContent = 'W'.repeat(10_000);
      });
    expect(await horizontalOverflow(page)).toBe(0);
    await screen
      .play('e2e-unknown')
      .locator('[data-history-title]')
      .evaluate((link) => {
        link.textContent = 'Film 987654321';
      });

    // Light and dark, as the page first shows.
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.screenshot({ path: `${SHOTS}/history-light.png`, animations: 'disabled' });
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await page.screenshot({ path: `${SHOTS}/history-dark.png`, animations: 'disabled' });
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });

    // Scrolling to the end loads the next page after the last play.
    await screen.plays.last().scrollIntoViewIfNeeded();
    await expect.poll(() => screen.plays.count()).toBeGreaterThan(100);
    await expect(screen.showMore).toBeVisible();
    await screen.showMore.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/history-more-light.png`, animations: 'disabled' });

    // The filter narrows to one kind and starts from its first page.
    await screen.filter('Films').check();
    await expect(screen.total).toHaveText(count(films.total));
    await expect(screen.plays).toHaveCount(100);
    await expect(screen.main.locator('[data-history-play][data-media-type="episode"]')).toHaveCount(
      0,
    );
    await screen.filter('Episodes').check();
    await expect(screen.total).toHaveText(count(episodes.total));
    await expect(screen.main.locator('[data-history-play][data-media-type="movie"]')).toHaveCount(
      0,
    );
    await expect(screen.play('e2e-trakt')).toHaveCount(0);
    await screen.filter('All').check();
    await expect(screen.total).toHaveText(count(all.total));

    // Removing a play takes its row away at once; Undo brings it back, at its place.
    await screen.remove('e2e-trakt').click();
    await expect(screen.play('e2e-trakt')).toHaveCount(0);
    await expect(screen.total).toHaveText(count(all.total - 1));
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(screen.play('e2e-trakt')).toBeVisible();
    await expect(screen.total).toHaveText(count(all.total));
    await expect(screen.days.first().locator('[data-history-play]')).toHaveCount(2);
  } finally {
    await stack.close();
  }
});
