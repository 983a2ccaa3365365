/**
 * (a): a 5,000-item watchlist from data arrival to painted (the Lists view marks both moments),
 * compared with a plain render of the same number of rows without virtualization.
 */
import type { Browser, Page } from '@playwright/test';
import type { AppStack } from '../e2e/fixtures';
import { waitInPage } from './renderer-page';
import { percentile, type BenchResult } from './stats';

const RUNS = 30;
const ITEMS = 5000;

async function paintTimes(page: Page): Promise<number[]> {
  const movies = page.getByRole('tab', { name: /^Movies/ });
  const series = page.getByRole('tab', { name: /^Series/ });
  const samples: number[] = [];
  for (let run = 0; run < RUNS + 3; run += 1) {
    await series.click();
    await page.evaluate('performance.clearMarks()');
    await movies.click();
    const value = await waitInPage(
      page,
      `(() => {
      const data = performance.getEntriesByName('marquee:collection-data').at(-1);
      const painted = performance.getEntriesByName('marquee:collection-painted').find((m) => data && m.startTime >= data.startTime);
      return data && painted && document.querySelector('[data-row]') ? painted.startTime - data.startTime : null;
    })()`,
    );
    if (run >= 3) samples.push(value);
  }
  return samples;
}

/** The same rows rendered plainly, all at once: what the list costs without virtualization. */
async function plainRenderTimes(page: Page, rows: number): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    samples.push(
      await page.evaluate<number>(`(async (count) => {
        const start = performance.now();
        const box = document.createElement('div');
        for (let i = 0; i < count; i += 1) {
          const row = document.createElement('div');
          row.style.height = '72px';
          row.innerHTML = '<span class="poster"></span><a href="#/movie/' + i + '">Title ' + i + '</a><span>2001</span><button>Remove</button>';
          box.append(row);
        }
        document.body.append(box);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const elapsed = performance.now() - start;
        box.remove();
        return elapsed;
      })(${rows})`),
    );
  }
  return samples;
}

/** The watchlist row: `stack` has no watchlist yet; the items are added here. */
export async function watchlistBenchmark(stack: AppStack, browser: Browser): Promise<BenchResult> {
  for (let id = 1; id <= ITEMS; id += 1) {
    await stack.core.dispatch(
      'library.setWatchlist',
      { mediaType: 'movie', mediaId: id, on: true },
      { trusted: true, origin: 'bench' },
    );
  }
  await stack.core.dispatch(
    'library.setWatchlist',
    { mediaType: 'tv', mediaId: 1, on: true },
    { trusted: true, origin: 'bench' },
  );
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(stack.harness.url);
  await page.goto(`${stack.harness.origin}/#/lists`);
  await page.locator('[data-row]').first().waitFor();
  const shown = await page.locator('[data-summary]').textContent();
  const rows = Number.parseInt(shown ?? '0', 10);
  const virtual = await paintTimes(page);
  const plain = await plainRenderTimes(page, rows);
  const ours = percentile(virtual, 95);
  return {
    name: 'renderer: watchlist data → painted, p95',
    unit: 'ms',
    value: ours,
    budget: 100,
    ratio: ours / percentile(plain, 95),
    peer: `plain render of ${rows} rows`,
    ...(rows < ITEMS
      ? { note: `${ITEMS} items seeded; the core returns ${rows} per collection read` }
      : {}),
  };
}
