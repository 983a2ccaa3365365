/**
 * Renderer benchmarks, in headless Chromium against the browser harness:
 * (a) a 5,000-item watchlist from data arrival to painted (the Lists view marks both moments),
 *     compared with a plain render of the same number of rows without virtualization;
 * (b) search as you type with 100,000 titles cached: from a keystroke to its local results painted,
 *     compared with the same keystroke's (debounced) TMDB results painted, and where that time goes;
 * (c) the JS objects retained after walking 50 pages against after the first 5 (leaks), and V8's
 *     compiled code beside it;
 * (d) the renderer's JavaScript, gzipped: the first load, and each chunk loaded on demand.
 * Run with `npm run bench -- renderer` after `npm run build`.
 */
import { startAppStack } from '../e2e/fixtures';
import { bundleRows } from './renderer-bundle';
import { heapWalk } from './renderer-heap';
import { launch } from './renderer-page';
import { searchBenchmark } from './renderer-search';
import type { BenchResult } from './stats';
import { watchlistBenchmark } from './renderer-watchlist';

export async function runRendererBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const stack = await startAppStack();
  const browser = await launch();
  try {
    try {
      results.push(await watchlistBenchmark(stack, browser));
    } finally {
      await stack.close();
    }
    results.push(...(await searchBenchmark(browser)));
    results.push(...(await heapWalk()));
  } finally {
    await browser.close();
  }
  results.push(...bundleRows());
  return results;
}
