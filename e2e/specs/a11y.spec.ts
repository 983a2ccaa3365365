import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, startAppStack, test } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { invokeOk } from '../pages/lists.page';

const require = createRequire(import.meta.url);

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** Runs axe on the page as it is and returns the serious and critical violations, one line each. */
async function seriousViolations(page: Page, axeSource: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not govern.
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

test('every page has no serious or critical axe violations, light and dark', async ({ page }) => {
  test.setTimeout(180_000);
  const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const stack = await startAppStack();
  try {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
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
    const people = (
      (await invokeOk(page, 'browse.popularPeople', { page: 1 })) as {
        data: { results: { id: number }[] };
      }
    ).data.results;
    const [movie, other] = movies;
    if (!movie || !other || !series[0] || !people[0])
      throw new Error('the catalogue has too few titles');
    await invokeOk(page, 'library.setWatchlist', {
      mediaType: 'movie',
      mediaId: movie.id,
      on: true,
    });
    await invokeOk(page, 'library.setFavorite', {
      mediaType: 'movie',
      mediaId: other.id,
      on: true,
    });

    const pages: Record<string, string> = {
      browse: '#/browse',
      search: '#/search',
      movie: `#/movie/${movie.id}`,
      series: `#/tv/${series[0].id}`,
      person: `#/person/${people[0].id}`,
      lists: '#/lists',
      settings: '#/settings',
      account: '#/account',
      about: '#/about',
    };
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, hash] of Object.entries(pages)) {
        await page.goto(`${stack.harness.origin}/${hash}`);
        await expect(frame.heading()).toBeVisible();
        // Axe sees what a user sees once the data is in, not the skeletons: every loading part of
        // a page says so with aria-busy, and the last one to finish clears it.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        if (name === 'search') {
          // Result rows, not only the empty state.
          await page.getByRole('searchbox', { name: 'Search TMDB' }).fill('voyage');
          await expect(page.getByText(/results for “voyage”/)).toBeVisible();
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        }
        found.push(
          ...(await seriousViolations(page, axeSource)).map((v) => `${name} (${scheme}): ${v}`),
        );
      }
    }
    expect(found).toEqual([]);
  } finally {
    await stack.close();
  }
});
