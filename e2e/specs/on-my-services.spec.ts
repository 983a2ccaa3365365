import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { createPreferenceStore } from '../../src-main/changes/store/preferences';
import { LIBRARY_FILE } from '../../src-main/db/databases';
import { MY_SERVICES_KEY, type MyServices } from '../../src-shared/ipc/contract/services';
import { expect, startAppStack, test, type AppStack } from '../fixtures';
import { BrowseScreen } from '../pages/browse.page';
import { AppFrame } from '../pages/frame.page';
import { invokeOk, ListsScreen } from '../pages/lists.page';

const SCREENSHOTS = 'test-results/screenshots/on-my-services';
const DISCOVER_SHOTS = '/work/notes/shots/24b';
const START = Date.UTC(2026, 2, 14, 18);
mkdirSync(SCREENSHOTS, { recursive: true });
mkdirSync(DISCOVER_SHOTS, { recursive: true });

interface Offer {
  provider_id: number;
  provider_name: string;
  logo_path: string | null;
}
interface Film {
  id: number;
  title: string;
  /** Who streams it in the US (subscriptions). */
  streams: Offer[];
}

/**
 * Chooses my services as the preference holds them. Settings has no panel for them in this
 * build, so the spec writes the preference the way every write lands: in the library.
 */
function chooseServices(stack: AppStack, services: MyServices): void {
  const db = new Database(join(stack.dataDir, LIBRARY_FILE));
  try {
    createPreferenceStore(db).put(MY_SERVICES_KEY, JSON.stringify(services), 1);
  } finally {
    db.close();
  }
}

/** Signs in, puts six films on the watchlist and reads their pages (which feeds the index). */
async function watchlistOfSix(page: Page, stack: AppStack): Promise<Film[]> {
  await invokeOk(page, 'auth.login', {
    username: stack.catalogue.demoUser,
    password: stack.catalogue.demoPassword,
  });
  const found = (await invokeOk(page, 'browse.discoverMovies', { page: 1 })) as {
    data: { results: Array<{ id: number; title: string }> };
  };
  const films: Film[] = [];
  for (const movie of found.data.results.slice(0, 6)) {
    await invokeOk(page, 'library.setWatchlist', {
      mediaType: 'movie',
      mediaId: movie.id,
      on: true,
    });
    const details = (await invokeOk(page, 'movie.details', { id: movie.id })) as {
      data: { 'watch/providers'?: { results: Record<string, { flatrate?: Offer[] }> } };
    };
    const streams = details.data['watch/providers']?.results.US?.flatrate ?? [];
    films.push({ id: movie.id, title: movie.title, streams });
  }
  return films;
}

/** The service that streams the most of these films, but not all (so the filter narrows). */
function narrowingService(films: readonly Film[]): Offer {
  const counts = new Map<number, { offer: Offer; count: number }>();
  for (const film of films)
    for (const offer of film.streams) {
      const entry = counts.get(offer.provider_id) ?? { offer, count: 0 };
      entry.count += 1;
      counts.set(offer.provider_id, entry);
    }
  const best = [...counts.values()]
    .filter((e) => e.count < films.length)
    .sort((a, b) => b.count - a.count || a.offer.provider_id - b.offer.provider_id)[0];
  if (!best) throw new Error('the catalogue streams none of these films');
  return best.offer;
}

test.describe('On my services', () => {
  let stack: AppStack;
  test.beforeAll(async () => {
    // A fixed start (the same catalogue dates on every run) that moves on, as the client's rate
    // limit needs time to pass.
    const began = Date.now();
    stack = await startAppStack({ now: () => START + (Date.now() - began) });
  });
  test.afterAll(async () => {
    await stack.close();
  });

  test('with my services chosen, marks show and the filter narrows the watchlist', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const frame = new AppFrame(page);
    const lists = new ListsScreen(page);
    await frame.open(stack.harness.url);
    const films = await watchlistOfSix(page, stack);
    const service = narrowingService(films);
    const mine = films.filter((f) => f.streams.some((s) => s.provider_id === service.provider_id));
    chooseServices(stack, {
      region: 'US',
      providers: [
        { id: service.provider_id, name: service.provider_name, logoPath: service.logo_path },
      ],
      includeFree: false,
    });

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      // A fresh page: nothing it knew of availability before my choice.
      await page.reload();
      await lists.open(stack.harness.origin);
      await expect(lists.rows).toHaveCount(6);
      const marks = lists.rows.locator('[data-stream-mark]');
      await expect(marks).toHaveCount(mine.length);
      await expect(marks.first()).toHaveAttribute('data-stream-mark', service.provider_name);
      for (const film of mine)
        await expect(lists.row(film.title).locator('[data-stream-mark]')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/watchlist-marks-${scheme}.png` });

      await lists.main.locator('[data-on-mine] label').click();
      await expect(lists.rows).toHaveCount(mine.length);
      expect((await lists.titles()).sort()).toEqual(mine.map((f) => f.title).sort());
      await expect(lists.summary).toHaveText(`${String(mine.length)} of 6 titles`);
      await page.screenshot({ path: `${SCREENSHOTS}/watchlist-filter-${scheme}.png` });

      // The posters: a logo on the corner of each film I can stream.
      await lists.main.getByText('Posters', { exact: true }).click();
      await expect(lists.main.locator('.cards [data-stream-mark]')).toHaveCount(mine.length);
      await page.screenshot({ path: `${SCREENSHOTS}/watchlist-posters-${scheme}.png` });
      await lists.main.getByText('Rows', { exact: true }).click();

      // Where to watch: mine first, marked as mine.
      const first = mine[0];
      if (!first) throw new Error('no film streams on the chosen service');
      await page.goto(`${stack.harness.origin}/#/movie/${String(first.id)}`);
      const yours = page.locator('[data-mine-provider]');
      await expect(yours.first()).toBeVisible();
      await yours.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/details-mine-first-${scheme}.png` });

      // Discover on my services: TMDB's own filter, with my providers in my region.
      await page.goto(`${stack.harness.origin}/#/browse`);
      const discover = page.getByRole('list', { name: 'Discover movies' });
      await expect(discover.getByRole('listitem').first()).toBeVisible();
      await page
        .getByRole('form', { name: 'Discover filters' })
        .locator('[data-on-mine] label')
        .click();
      await expect(page.getByRole('button', { name: /^Reset filters \(1\)/ })).toBeVisible();
      await expect(discover.getByRole('listitem').first()).toBeVisible();
      await page.getByRole('form', { name: 'Discover filters' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/discover-filter-${scheme}.png` });
    }
  });

  test('Up Next and Upcoming narrow to the series I can stream', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    const trending = (await invokeOk(page, 'browse.trendingTv', { window: 'week', page: 1 })) as {
      data: { results: Array<{ id: number; name: string }> };
    };
    const shows: Film[] = [];
    for (const show of trending.data.results.slice(0, 5)) {
      const details = (await invokeOk(page, 'tv.details', { id: show.id })) as {
        data: { 'watch/providers'?: { results: Record<string, { flatrate?: Offer[] }> } };
      };
      await invokeOk(page, 'tracking.mark', {
        target: { scope: 'episode', seriesId: show.id, season: 1, episode: 1 },
      });
      const streams = details.data['watch/providers']?.results.US?.flatrate ?? [];
      shows.push({ id: show.id, title: show.name, streams });
    }
    const service = narrowingService(shows);
    const mine = shows.filter((f) => f.streams.some((s) => s.provider_id === service.provider_id));
    chooseServices(stack, {
      region: 'US',
      providers: [
        { id: service.provider_id, name: service.provider_name, logoPath: service.logo_path },
      ],
      includeFree: false,
    });

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.reload();
      await page.goto(`${stack.harness.origin}/#/upnext`);
      const rows = frame.main.locator('[data-upnext-row]');
      await expect(rows.first()).toBeVisible();
      // Series whose next episode has not aired yet are not up next: count those that are.
      const shown = await rows.evaluateAll((all) =>
        all.map((row) => Number(row.getAttribute('data-upnext-row'))),
      );
      const mineShown = mine.filter((m) => shown.includes(m.id));
      expect(mineShown.length).toBeGreaterThan(0);
      await expect(rows.locator('[data-stream-mark]')).toHaveCount(mineShown.length);
      await frame.main.locator('[data-on-mine] label').click();
      await expect(rows).toHaveCount(mineShown.length);
      await expect(rows.locator('[data-stream-mark]')).toHaveCount(mineShown.length);
      await page.screenshot({ path: `${SCREENSHOTS}/upnext-filter-${scheme}.png` });

      await page.goto(`${stack.harness.origin}/#/upcoming`);
      await expect(frame.heading()).toHaveText('Upcoming');
      await frame.main.locator('[data-on-mine] label').click();
      // Every event left is of a title on my service.
      const events = frame.main.locator('[data-agenda] [data-event]');
      const left = await events.count();
      await expect(events.locator('[data-stream-mark]')).toHaveCount(left);
      await page.screenshot({ path: `${SCREENSHOTS}/upcoming-filter-${scheme}.png` });
    }

    // A logo that cannot load: the mark says the service's name, never a broken image.
    chooseServices(stack, {
      region: 'US',
      providers: [{ id: service.provider_id, name: service.provider_name, logoPath: '/gone.png' }],
      includeFree: false,
    });
    await page.reload();
    await page.goto(`${stack.harness.origin}/#/upnext`);
    const marks = frame.main.locator('[data-upnext-row] [data-stream-mark]');
    await expect(marks.first()).toContainText(service.provider_name);
    await expect(marks.locator('img')).toHaveCount(0);
  });

  test('Discover on my services marks every film it lists, no page of them opened', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const frame = new AppFrame(page);
    const browse = new BrowseScreen(page);
    await frame.open(stack.harness.url);
    const reference = (await invokeOk(page, 'reference.watchProviders', { region: 'US' })) as {
      providers: {
        data: { results: Array<{ provider_id: number; provider_name: string; logo_path: string }> };
      };
    };
    const [first, second] = reference.providers.data.results.map((p) => ({
      id: p.provider_id,
      name: p.provider_name,
      logoPath: p.logo_path,
    }));
    if (!first || !second) throw new Error('the catalogue offers fewer than two services');
    const cards = browse.cards('Discover movies');
    const discoverMine = async (): Promise<number> => {
      await page.reload();
      await page.goto(`${stack.harness.origin}/#/browse`);
      await expect(cards.first()).toBeVisible();
      await browse.filters.locator('[data-on-mine] label').click();
      await expect(browse.resetFilters).toHaveText(/\(1\)/);
      await expect(cards.first()).toBeVisible();
      return cards.count();
    };

    // One service: TMDB's filter names it, so every film it lists carries its mark. (At most six
    // of them had their page read earlier: a page lists twenty.)
    chooseServices(stack, { region: 'US', providers: [first], includeFree: false });
    const listed = await discoverMine();
    expect(listed).toBeGreaterThan(6);
    await expect(cards.locator('[data-stream-mark]')).toHaveCount(listed);
    await expect(cards.locator(`[data-stream-mark="${first.name}"]`)).toHaveCount(listed);

    // Two services: a film only this page vouches for streams on one of them, which one unsaid.
    chooseServices(stack, { region: 'US', providers: [first, second], includeFree: false });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const shown = await discoverMine();
      await expect(cards.locator('[data-stream-mark]')).toHaveCount(shown);
      const unnamed = cards.locator('[data-stream-one-of]');
      expect(await unnamed.count()).toBeGreaterThan(0);
      await expect(unnamed.first()).toHaveAttribute(
        'title',
        `On one of my services: ${first.name} or ${second.name}`,
      );
      await browse.section('Discover movies').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${DISCOVER_SHOTS}/discover-on-my-services-${scheme}.png`,
        animations: 'disabled',
      });
    }
  });
});
