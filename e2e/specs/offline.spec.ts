import { mkdirSync } from 'node:fs';
import { expect, startAppStack, test } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { invokeOk, ListsScreen } from '../pages/lists.page';

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

interface Found {
  id: number;
  title: string;
}

test('offline mid-session: cached pages still open, list edits wait to sync, then drain when back online', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(180_000);
  const stack = await startAppStack();
  try {
    const frame = new AppFrame(page);
    const lists = new ListsScreen(page);
    const badge = page.locator('[data-offline-badge]');
    await frame.open(stack.harness.url);
    await invokeOk(page, 'auth.login', {
      username: stack.catalogue.demoUser,
      password: stack.catalogue.demoPassword,
    });
    const found = (
      (await invokeOk(page, 'browse.discoverMovies', { page: 1 })) as { data: { results: Found[] } }
    ).data.results;
    const [seen, added, unseen] = found;
    if (!seen || !added || !unseen) throw new Error('the catalogue has too few films');

    // A details page seen while online is in the cache afterwards.
    await page.goto(`${stack.harness.origin}/#/movie/${seen.id}`);
    await expect(frame.heading()).toHaveText(seen.title);
    await expect(badge).toHaveCount(0);

    // The connection drops: every request to TMDB dies without an answer. A film is added to
    // the watchlist meanwhile (as from its page), then the Lists view is opened.
    stack.catalogue.faults.set([{ kind: 'drop' }]);
    await invokeOk(page, 'library.setWatchlist', {
      mediaType: 'movie',
      mediaId: added.id,
      on: true,
    });
    await expect(badge).toBeVisible({ timeout: 60_000 });
    await expect(frame.status).toContainText('Offline');
    await lists.open(stack.harness.origin);

    // The change is there, marked as waiting, and the sync panel lists it.
    await expect(lists.row(added.title)).toBeVisible();
    await expect(lists.row(added.title).locator('[data-pending]')).toHaveText('Waiting to sync');
    await expect(lists.outboxEntries.first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/offline.png`, animations: 'disabled' });

    // The page seen earlier opens from the cache, with the badge.
    await page.goto(`${stack.harness.origin}/#/movie/${seen.id}`);
    await expect(frame.heading()).toHaveText(seen.title);
    await expect(badge).toBeVisible();

    // A page never seen cannot open offline; it says why, then loads by itself once TMDB
    // answers again, without anyone pressing Retry.
    await page.goto(`${stack.harness.origin}/#/movie/${unseen.id}`);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Could not load');

    // Back online: the page recovers, the outbox drains and the marker goes.
    stack.catalogue.faults.clear();
    await expect(frame.heading()).toHaveText(unseen.title, { timeout: 60_000 });
    await lists.open(stack.harness.origin);
    await expect(badge).toHaveCount(0, { timeout: 60_000 });
    await expect(lists.row(added.title)).toBeVisible();
    await expect(lists.row(added.title).locator('[data-pending]')).toHaveCount(0, {
      timeout: 60_000,
    });
    await expect(lists.outboxEntries).toHaveCount(0, { timeout: 30_000 });
    // Posters never fetched before cannot be had offline: the image route answers 404 and the
    // browser logs it. Those are expected here; anything else still fails the test.
    const rest = pageProblems.filter((p) => !p.includes('status of 404 (Not Found)'));
    pageProblems.splice(0, pageProblems.length, ...rest);
    const account = [...stack.catalogue.state.accounts.values()][0];
    expect(account?.watchlist.movie.has(added.id)).toBe(true);
  } finally {
    await stack.close();
  }
});
