import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, startAppStack, test, type AppStack } from '../fixtures';
import { BrowseScreen } from '../pages/browse.page';
import { DetailsScreen } from '../pages/details.page';
import { AppFrame } from '../pages/frame.page';
import { horizontalOverflow, widest } from '../pages/overflow';

/**
 * Damaged TMDB answers, as recorded ones show them: a 10,000-character word in any text Marquee
 * shows, an optional part that cannot load, an appended part that cannot be read, an image host
 * that is down. None of it may widen the page, blank it, or raise an alarm over the whole page.
 */

const SHOTS = 'test-results/screenshots';
const WORD = 'W'.repeat(10_000);

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {};
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(record) : []);

/** Both schemes of what the window shows, for a person to look at. */
async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: `${SHOTS}/hostile-${name}-${scheme}.png`,
      animations: 'disabled',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

// A stack of its own for each test: the core caches answers and images, and a fault must meet
// an empty cache to be seen.
let stack: AppStack;
test.beforeEach(async () => {
  stack = await startAppStack();
});
test.afterEach(async ({ page }) => {
  // Leave the page first: closing a stack under it cuts its event stream mid-message.
  await page.goto('about:blank');
  await stack.close();
});

test('a series page with 10,000-character words in its credits, names and texts never scrolls sideways', async ({
  page,
}) => {
  const series = stack.catalogue.data.tv[1];
  if (!series) throw new Error('the catalogue has no series');
  const person = (value: Json): Json => ({ ...value, name: WORD, character: WORD, job: WORD });
  stack.catalogue.faults.set([
    {
      kind: 'corrupt',
      pathPattern: /\/episode\/1\/credits$/,
      edit: (body) => {
        const credits = record(body);
        return {
          ...credits,
          cast: list(credits.cast).map(person),
          guest_stars: list(credits.guest_stars).map(person),
          crew: list(credits.crew).map((member) => ({ ...member, name: WORD, job: WORD })),
        };
      },
    },
    {
      kind: 'corrupt',
      pathPattern: new RegExp(`^/3/tv/${String(series.id)}/season/\\d+$`),
      edit: (body) => {
        const season = record(body);
        return {
          ...season,
          overview: WORD,
          episodes: list(season.episodes).map((ep) => ({ ...ep, name: WORD, overview: WORD })),
        };
      },
    },
    {
      kind: 'corrupt',
      pathPattern: new RegExp(`^/3/tv/${String(series.id)}$`),
      edit: (body) => {
        const details = record(body);
        const credits = record(details.credits);
        return {
          ...details,
          tagline: WORD,
          genres: list(details.genres).map((genre) => ({ ...genre, name: WORD })),
          credits: { ...credits, cast: list(credits.cast).map(person) },
        };
      },
    },
  ]);
  const details = new DetailsScreen(page);
  await page.goto(`${stack.harness.url}#/tv/${String(series.id)}`);
  await expect(details.heading).toBeVisible();
  const episode = details.section('Seasons and episodes').getByRole('article').first();
  await expect(episode).toBeVisible();
  // A 10,000-character episode overview is clamped, with More to read it whole.
  await expect(episode.getByRole('button', { name: 'More', exact: true })).toBeVisible();
  await episode.getByRole('button', { name: /^Show credits for Episode \d+$/ }).click();
  await expect(episode.getByRole('heading', { name: 'Crew' })).toBeVisible();
  await expect(episode.locator('dd').first()).toBeVisible();
  expect(await horizontalOverflow(page), await widest(page)).toBeLessThanOrEqual(0);
  await episode.scrollIntoViewIfNeeded();
  await shots(page, 'series-hostile-credit');
});

test('an optional part that cannot load says so in its place, quietly, and leaves the page whole', async ({
  page,
}) => {
  const frame = new AppFrame(page);
  const browse = new BrowseScreen(page);
  stack.catalogue.faults.set([{ kind: 'server_error', status: 500, path: '/3/watch/providers/' }]);
  await frame.open(stack.harness.url);
  const where = browse.filters.getByRole('group', { name: /^Where to watch/ });
  await expect(where.getByText(/could not load/i)).toBeVisible({ timeout: 30_000 });
  await expect(where.getByRole('button', { name: /Retry/ })).toBeVisible();
  await expect(browse.cards('Discover movies').first()).toBeVisible();
  await expect(frame.main.getByRole('alert')).toHaveCount(0);

  const series = stack.catalogue.data.tv[2];
  if (!series) throw new Error('the catalogue has no series');
  stack.catalogue.faults.set([{ kind: 'server_error', status: 500, path: '/episode_groups' }]);
  const details = new DetailsScreen(page);
  await page.goto(`${stack.harness.url}#/tv/${String(series.id)}`);
  await expect(details.heading).toHaveText(series.title);
  const groups = details.section('Episode groups');
  await expect(groups.getByText(/could not load/i)).toBeVisible({ timeout: 30_000 });
  await expect(details.section('Seasons and episodes').getByRole('article').first()).toBeVisible();
  await expect(frame.main.getByRole('alert')).toHaveCount(0);
});

test('a film whose release dates hold an unreadable entry still shows, with the readable ones', async ({
  page,
}) => {
  const film = stack.catalogue.data.movies[4];
  if (!film) throw new Error('the catalogue has no film');
  stack.catalogue.faults.set([
    {
      kind: 'corrupt',
      pathPattern: new RegExp(`^/3/movie/${String(film.id)}$`),
      edit: (body) => {
        const details = record(body);
        const releases = record(details.release_dates);
        const bad = {
          iso_3166_1: null,
          release_dates: [
            { certification: '', iso_639_1: '', release_date: '2020-01-01T00:00:00.000Z', type: 3 },
          ],
        };
        return {
          ...details,
          release_dates: { ...releases, results: [bad, ...list(releases.results)] },
        };
      },
    },
  ]);
  const details = new DetailsScreen(page);
  await page.goto(`${stack.harness.url}#/movie/${String(film.id)}`);
  await expect(details.heading).toHaveText(film.title);
  await expect(page.getByText('Could not load this film')).toHaveCount(0);
  await expect(details.section('Release dates').getByRole('table')).toBeVisible();
});

test('provider logos that cannot load show the designed placeholder, never a broken image', async ({
  page,
}) => {
  const frame = new AppFrame(page);
  const browse = new BrowseScreen(page);
  stack.catalogue.faults.set([{ kind: 'server_error', status: 500, path: '/t/p/' }]);
  await frame.open(stack.harness.url);
  const where = browse.filters.getByRole('group', { name: /^Where to watch/ });
  const chips = where.getByRole('checkbox');
  await expect(chips.first()).toBeAttached();
  const count = await chips.count();
  expect(count).toBeGreaterThan(0);
  await expect(where.locator('.placeholder')).toHaveCount(count);
  const broken = await page.evaluate(
    () =>
      [...document.images].filter(
        (image) => image.complete && image.naturalWidth === 0 && image.getClientRects().length > 0,
      ).length,
  );
  expect(broken).toBe(0);
});

test('an episode whose air date names no day reads as date unknown, never as another day', async ({
  page,
}) => {
  const series = stack.catalogue.data.tv[3];
  if (!series) throw new Error('the catalogue has no series');
  stack.catalogue.faults.set([
    {
      kind: 'corrupt',
      pathPattern: new RegExp(`^/3/tv/${String(series.id)}/season/\\d+$`),
      edit: (body) => {
        const season = record(body);
        const [first, ...rest] = list(season.episodes);
        return { ...season, episodes: [{ ...first, air_date: '2023-13-45' }, ...rest] };
      },
    },
  ]);
  const details = new DetailsScreen(page);
  await page.goto(`${stack.harness.url}#/tv/${String(series.id)}`);
  await expect(details.heading).toHaveText(series.title);
  const episode = details.section('Seasons and episodes').getByRole('article').first();
  await expect(episode).toContainText('Air date not announced');
  await expect(episode).toContainText('Not aired yet');
  await expect(episode).not.toContainText('2024');
  await expect(episode.getByRole('button', { name: /Watched/ })).toHaveCount(0);
});
