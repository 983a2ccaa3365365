import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, startAppStack, test, type AppStack } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { invokeOk, ListsScreen } from '../pages/lists.page';

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

/** Signs in as the catalogue's demo user and caches the first pages of films, so titles have names. */
async function signInAndCache(page: Page, stack: AppStack): Promise<void> {
  const status = (await invokeOk(page, 'auth.status')) as { state: string };
  if (status.state !== 'user') {
    await invokeOk(page, 'auth.login', {
      username: stack.catalogue.demoUser,
      password: stack.catalogue.demoPassword,
    });
  }
  for (const p of [1, 2, 3]) await invokeOk(page, 'browse.discoverMovies', { page: p });
  await invokeOk(page, 'browse.trendingTv', { window: 'week', page: 1 });
}

interface Found {
  id: number;
  title: string;
  release_date?: string;
  vote_average?: number;
}

async function cachedMovies(page: Page): Promise<Found[]> {
  const value = (await invokeOk(page, 'browse.discoverMovies', { page: 1 })) as {
    data: { results: Found[] };
  };
  return value.data.results;
}

async function cachedSeries(page: Page): Promise<Found[]> {
  const value = (await invokeOk(page, 'browse.trendingTv', { window: 'week', page: 1 })) as {
    data: { results: Found[] };
  };
  return value.data.results;
}

test.describe('Lists', () => {
  let stack: AppStack;
  test.beforeAll(async () => {
    stack = await startAppStack();
  });
  test.afterAll(async () => {
    await stack.close();
  });

  test('the watchlist has tabs with counts, sorts and filters, and removes a title', async ({
    page,
  }) => {
    const frame = new AppFrame(page);
    const lists = new ListsScreen(page);
    await frame.open(stack.harness.url);
    await signInAndCache(page, stack);
    const movies = (await cachedMovies(page)).slice(0, 6);
    const series = (await cachedSeries(page)).slice(0, 2);
    for (const m of movies)
      await invokeOk(page, 'library.setWatchlist', { mediaType: 'movie', mediaId: m.id, on: true });
    for (const s of series)
      await invokeOk(page, 'library.setWatchlist', { mediaType: 'tv', mediaId: s.id, on: true });

    await frame.clickSection('Lists');
    await expect(lists.collectionTab('Watchlist')).toHaveAttribute('aria-selected', 'true');
    await expect(lists.mediaTab('Movies')).toContainText('6');
    await expect(lists.mediaTab('Series')).toContainText('2');
    await expect(lists.rows).toHaveCount(6);
    await expect(lists.summary).toHaveText('6 titles');

    await lists.sortBy.selectOption({ label: 'Title' });
    const byTitle = await lists.titles();
    expect(byTitle).toEqual(
      [...movies.map((m) => m.title)].sort((a, b) =>
        a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }),
      ),
    );
    await lists.direction.click();
    expect(await lists.titles()).toEqual([...byTitle].reverse());

    await lists.sortBy.selectOption({ label: 'Release date' });
    const dates = movies
      .map((m) => m.release_date ?? '')
      .sort()
      .reverse();
    const shownDates = (await lists.titles()).map(
      (t) => movies.find((m) => m.title === t)?.release_date ?? '',
    );
    expect(shownDates).toEqual(dates);

    const target = movies[2];
    if (!target) throw new Error('the catalogue has too few films');
    await lists.filterText.fill(target.title.slice(0, Math.max(4, target.title.length - 2)));
    await expect(lists.row(target.title)).toBeVisible();
    await expect(lists.summary).toContainText(`of 6 titles`);
    await lists.filterText.fill('no film is called this');
    await expect(lists.main).toContainText('No title matches these filters.');
    await lists.filterText.fill('');
    await lists.minRating.selectOption({ label: '9+' });
    const highly = movies.filter((m) => (m.vote_average ?? 0) >= 9).length;
    await expect(lists.rows).toHaveCount(highly);
    await lists.minRating.selectOption({ label: 'Any' });

    await lists.mediaTab('Series').click();
    await expect(lists.rows).toHaveCount(2);
    await lists.mediaTab('Movies').click();
    await expect(lists.rows).toHaveCount(6);

    await lists
      .row(target.title)
      .getByRole('button', { name: /Remove/ })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: `Removed “${target.title}” from Watchlist` }),
    ).toBeVisible();
    await expect(lists.rows).toHaveCount(5);
    await expect(lists.mediaTab('Movies')).toContainText('5');
    await page.screenshot({ path: `${SCREENSHOTS}/lists.png`, animations: 'disabled' });
  });

  test('a custom list is created, filled from the cache, emptied and deleted, with confirmations', async ({
    page,
  }) => {
    const frame = new AppFrame(page);
    const lists = new ListsScreen(page);
    await frame.open(stack.harness.url);
    await signInAndCache(page, stack);
    const [first, second] = await cachedMovies(page);
    if (!first || !second) throw new Error('the catalogue has too few films');

    await lists.open(stack.harness.origin);
    await lists.collectionTab('Lists').click();
    await lists.createList.click();
    await expect(lists.main.getByRole('alert')).toHaveText('A list needs a name.');
    await lists.newListName.fill('Festival picks');
    await lists.newListDescription.fill('Films for the weekend');
    await lists.createList.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Created the list “Festival picks”' }),
    ).toBeVisible();
    await expect(lists.customList('Festival picks')).toContainText('0 films');
    await expect(lists.newListName).toHaveValue('');

    await lists.customList('Festival picks').getByRole('button').click();
    await expect(lists.main.locator('[data-list-name]')).toContainText('Festival picks');
    const finder = lists.main.getByRole('search', { name: 'Find a film to add' });
    for (const movie of [first, second]) {
      await finder.getByRole('searchbox').fill(movie.title);
      await finder.getByRole('button', { name: 'Find' }).click();
      await lists.main.getByRole('button', { name: `Add ${movie.title}`, exact: true }).click();
      await expect(lists.row(movie.title)).toBeVisible();
    }
    await expect(lists.rows).toHaveCount(2);

    // The list also shows as a poster grid, and goes back to rows.
    await lists.main.getByRole('radio', { name: 'Posters' }).check();
    const grid = lists.main.getByRole('list', { name: 'Films in Festival picks' });
    await expect(grid.getByRole('listitem')).toHaveCount(2);
    await expect(grid).toContainText(first.title);
    await expect(lists.rows).toHaveCount(0);
    await lists.main.getByRole('radio', { name: 'Rows' }).check();
    await expect(lists.rows).toHaveCount(2);

    await lists
      .row(first.title)
      .getByRole('button', { name: /Remove/ })
      .click();
    await expect(lists.rows).toHaveCount(1);

    // Clear asks first; Cancel (which has focus) keeps everything, and focus goes back to the button.
    const clear = lists.main.getByRole('button', { name: 'Clear list…' });
    await clear.click();
    await expect(lists.dialog).toBeVisible();
    await expect(lists.dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(lists.dialog).toBeHidden();
    await expect(clear).toBeFocused();
    await expect(lists.rows).toHaveCount(1);
    await clear.click();
    await lists.dialog.getByRole('button', { name: 'Clear list' }).click();
    await expect(lists.rows).toHaveCount(0);
    await expect(lists.main).toContainText('This list is empty.');

    await lists.main.getByRole('button', { name: 'Delete list…' }).click();
    await expect(lists.dialog).toContainText('“Festival picks” and its 0 films will be deleted');
    await lists.dialog.getByRole('button', { name: 'Delete list' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Deleted “Festival picks”' }),
    ).toBeVisible();
    await expect(lists.customList('Festival picks')).toHaveCount(0);
  });

  test('keyboard shortcuts move between sections, and ? shows them', async ({ page }) => {
    const frame = new AppFrame(page);
    const lists = new ListsScreen(page);
    await frame.open(stack.harness.url);
    await frame.main.focus();
    await page.keyboard.press('g');
    await page.keyboard.press('w');
    await expect(page).toHaveURL(/#\/lists$/);
    await expect(lists.collectionTab('Watchlist')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('g');
    await page.keyboard.press('l');
    await expect(lists.collectionTab('Lists')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    await expect(lists.collectionTab('Favourites')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('g');
    await page.keyboard.press(',');
    await expect(frame.heading()).toHaveText('Settings');

    // Typed in a field, the same keys are text.
    const filter = page.getByRole('searchbox', { name: 'Filter countries' });
    await filter.fill('');
    await filter.press('g');
    await filter.press('b');
    await expect(filter).toHaveValue('gb');
    await expect(frame.heading()).toHaveText('Settings');

    await frame.main.focus();
    await page.keyboard.press('Shift+?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('Go to your Watchlist');
    await page.screenshot({ path: `${SCREENSHOTS}/shortcuts.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.keyboard.press('/');
    await expect(page).toHaveURL(/#\/search$/);
    await expect(page.getByRole('main').getByRole('searchbox').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await frame.main.focus();
    await page.keyboard.press('g');
    await page.keyboard.press('b');
    await expect(frame.heading()).toHaveText('Browse');
  });
});

test.describe('a long watchlist', () => {
  test('keeps at most 100 rows in the page at any scroll position, and moves by keyboard', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const big = await startAppStack();
    try {
      const frame = new AppFrame(page);
      const lists = new ListsScreen(page);
      await frame.open(big.harness.url);
      // Signed out, the changes stay local: 5,000 of them are written without sending any. They go
      // through the same guard as the page's calls, from this process, to keep the test short.
      for (let id = 1; id <= 5000; id += 1) {
        const result = await big.core.dispatch(
          'library.setWatchlist',
          { mediaType: 'movie', mediaId: id, on: true },
          { trusted: true, origin: 'e2e' },
        );
        if (!result.ok) throw new Error(`seeding failed: ${result.error.message}`);
      }
      const reply = (await invokeOk(page, 'library.collection', {
        collection: 'watchlist',
        mediaType: 'movie',
      })) as {
        items: unknown[];
        counts: Record<string, number>;
      };
      expect(reply.counts.movie).toBe(5000);
      const shown = reply.items.length;
      expect(shown).toBeGreaterThan(500);

      await lists.open(big.harness.origin);
      await expect(lists.summary).toHaveText(`${shown} titles`);
      const viewport = lists.main.locator('.viewport');
      for (const fraction of [0, 0.25, 0.5, 0.75, 1]) {
        await viewport.evaluate((el, f) => {
          el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
          el.dispatchEvent(new Event('scroll'));
        }, fraction);
        await page.waitForTimeout(50);
        const rows = await page.evaluate(() => document.querySelectorAll('[data-row]').length);
        expect(rows).toBeGreaterThan(5);
        expect(rows).toBeLessThanOrEqual(100);
      }

      await viewport.evaluate((el) => {
        el.scrollTop = 0;
        el.dispatchEvent(new Event('scroll'));
      });
      await lists.rows.first().focus();
      await page.keyboard.press('End');
      await expect(page.locator(':focus')).toHaveAttribute('aria-posinset', String(shown));
      await page.keyboard.press('PageUp');
      const afterPage = Number(await page.locator(':focus').getAttribute('aria-posinset'));
      expect(afterPage).toBeLessThan(shown);
      await page.keyboard.press('Home');
      await expect(page.locator(':focus')).toHaveAttribute('aria-posinset', '1');
      await page.keyboard.press('ArrowDown');
      await expect(page.locator(':focus')).toHaveAttribute('aria-posinset', '2');
      expect(
        await page.evaluate(() => document.querySelectorAll('[data-row]').length),
      ).toBeLessThanOrEqual(100);
    } finally {
      await big.close();
    }
  });
});
