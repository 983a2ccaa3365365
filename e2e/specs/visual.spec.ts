import type { Page } from '@playwright/test';
import { expect, startAppStack, test, type AppStack } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { invokeOk } from '../pages/lists.page';
import { SearchScreen } from '../pages/search.page';

/*
 * Visual regression: each main screen on the demo catalogue, light and dark, compared with a
 * baseline taken with this machine's Chromium and fonts (CI installs the same Debian packages), so
 * a layout break fails here. Update on purpose with `npx playwright test e2e/specs/visual.spec.ts
 * --update-snapshots`, and look at the new pictures before committing them.
 */

// A fixed start for the catalogue, the core and the page: dates, ages and "new" marks stay put.
const START = Date.UTC(2026, 5, 15, 12, 0, 0);

test.use({ viewport: { width: 1000, height: 640 } });

let stack: AppStack;
const ids = { movie: 0, series: 0 };

test.beforeAll(async () => {
  const began = Date.now();
  stack = await startAppStack({ now: () => START + (Date.now() - began) });
});

test.afterAll(async () => {
  await stack.close();
});

async function prepare(page: Page): Promise<AppFrame> {
  await page.clock.setFixedTime(START);
  const frame = new AppFrame(page);
  await frame.open(stack.harness.url);
  if (ids.movie === 0) {
    await invokeOk(page, 'auth.login', {
      username: stack.catalogue.demoUser,
      password: stack.catalogue.demoPassword,
    });
    const movies = (
      (await invokeOk(page, 'browse.discoverMovies', { page: 1 })) as {
        data: { results: { id: number }[] };
      }
    ).data.results;
    const series = (
      (await invokeOk(page, 'browse.trendingTv', { window: 'week', page: 1 })) as {
        data: { results: { id: number }[] };
      }
    ).data.results;
    for (const movie of movies.slice(0, 5))
      await invokeOk(page, 'library.setWatchlist', {
        mediaType: 'movie',
        mediaId: movie.id,
        on: true,
      });
    ids.movie = movies[0]?.id ?? 0;
    ids.series = series[0]?.id ?? 0;
  }
  return frame;
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => {
    // Focus moves to the heading after a navigation; the picture is of the page, not the ring.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    // Artwork (images, the hero's wash) is hidden, its frame and layout stay, so the pictures test
    // the layout and stay small, and new generated artwork does not fail every baseline. Set
    // through the CSSOM: the page's CSP refuses an injected style sheet.
    for (const art of document.querySelectorAll<HTMLElement>('img, [data-artwork]'))
      art.style.visibility = 'hidden';
  });
}

async function expectScreen(page: Page, name: string): Promise<void> {
  await settle(page);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    animations: 'disabled',
    maxDiffPixelRatio: 0.02,
    // The status bar and the cache badge say how long ago things were fetched: time, not layout.
    mask: [new AppFrame(page).status, page.getByText(/^Offline copy/)],
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    });

    test('Browse', async ({ page }) => {
      const frame = await prepare(page);
      await page.goto(`${stack.harness.origin}/#/browse`);
      await expect(frame.heading()).toHaveText('Browse');
      await expectScreen(page, `browse-${scheme}`);
    });

    test('a film’s page', async ({ page }) => {
      const frame = await prepare(page);
      await page.goto(`${stack.harness.origin}/#/movie/${ids.movie}`);
      await expect(frame.heading()).toBeVisible();
      await expectScreen(page, `movie-${scheme}`);
    });

    test('a series’ page', async ({ page }) => {
      const frame = await prepare(page);
      await page.goto(`${stack.harness.origin}/#/tv/${ids.series}`);
      await expect(frame.heading()).toBeVisible();
      await expectScreen(page, `series-${scheme}`);
    });

    test('Lists', async ({ page }) => {
      const frame = await prepare(page);
      await page.goto(`${stack.harness.origin}/#/lists`);
      await expect(frame.heading()).toHaveText('Lists');
      await expectScreen(page, `lists-${scheme}`);
      await page.getByRole('radio', { name: 'Posters' }).check();
      await expect(page.getByRole('list', { name: 'Watchlist, movies' })).toBeVisible();
      await expectScreen(page, `lists-posters-${scheme}`);
    });

    test('Search', async ({ page }) => {
      await prepare(page);
      await page.goto(`${stack.harness.origin}/#/search`);
      const search = new SearchScreen(page);
      await search.box.fill('voyage');
      await expect(search.summary).toBeVisible();
      await expectScreen(page, `search-${scheme}`);
    });
  });
}
