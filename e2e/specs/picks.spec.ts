import { expect, startAppStack, test, type AppStack } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { invokeOk } from '../pages/lists.page';
import { PicksScreen } from '../pages/picks.page';

/*
 * "For you": picks worked out from the history and the recommendations the cache holds. Three
 * films watched and their pages opened (which saves their recommendations) are enough for a
 * shelf whose every pick says why it is there.
 */

let stack: AppStack;

test.beforeAll(async () => {
  stack = await startAppStack();
});

test.afterAll(async () => {
  await stack.close();
});

test('the shelf explains every pick, and "Not interested" stays after a reload', async ({
  page,
}) => {
  const frame = new AppFrame(page);
  await frame.open(stack.harness.url);
  const movies = (
    (await invokeOk(page, 'browse.discoverMovies', { page: 1 })) as {
      data: { results: { id: number; title: string }[] };
    }
  ).data.results.slice(0, 3);
  for (const movie of movies) {
    await invokeOk(page, 'tracking.mark', {
      target: { scope: 'movie', movieId: movie.id },
      when: { kind: 'date', date: '2026-01-02' },
    });
    await invokeOk(page, 'movie.details', { id: movie.id });
  }

  await page.goto(`${stack.harness.origin}/#/browse`);
  const screen = new PicksScreen(page);
  const shelf = screen.picks('shelf');
  await expect(shelf.first()).toBeVisible();
  const count = await shelf.count();
  expect(count).toBeGreaterThan(2);
  // Every pick says why, naming one of the films watched; none is a film watched.
  await expect(screen.reasons('shelf')).toHaveCount(count);
  const watched = movies.map((m) => m.title);
  for (const reason of await screen.reasons('shelf').allTextContents()) {
    expect(reason).toMatch(/^Because you watched /);
    expect(watched).toContain(reason.replace('Because you watched ', ''));
  }
  const keys = await shelf.evaluateAll((els) => els.map((el) => el.getAttribute('data-pick')));
  for (const movie of movies) expect(keys).not.toContain(`movie:${String(movie.id)}`);

  // "Not interested": gone at once, with an Undo, and still gone after a reload.
  const key = keys[0] ?? '';
  const first = screen.pick('shelf', key);
  await first.hover();
  await screen.notInterested(first).click();
  await expect(screen.pick('shelf', key)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.reload();
  await expect(shelf.first()).toBeVisible();
  await expect(screen.pick('shelf', key)).toHaveCount(0);

  // The page shows the same picks with their reasons, the dismissed one left out.
  await frame.link('For you').click();
  await expect(screen.heading).toBeVisible();
  await expect(screen.picks('page').first()).toBeVisible();
  await expect(screen.pick('page', key)).toHaveCount(0);
  await expect(screen.reasons('page')).toHaveCount(await screen.picks('page').count());
});
