/**
 * Renderer benchmarks, in headless Chromium against the browser harness:
 * (a) a 5,000-item watchlist from data arrival to painted (the Lists view marks both moments),
 *     compared with a plain render of the same number of rows without virtualization;
 * (b) search as you type with 100,000 titles cached: from a keystroke to its local results painted,
 *     compared with the same keystroke's (debounced) TMDB results painted;
 * (c) the renderer's JavaScript, gzipped.
 * Run with `npm run bench -- renderer` after `npm run build`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startCatalogue } from '../catalogue';
import { startAppStack } from '../e2e/fixtures';
import { startHarness } from '../e2e/harness/server';
import { readTmdbConfig } from '../src-main/core/config';
import { createCore } from '../src-main/core/core';
import { seedCache } from './seed-cache';
import { median, percentile, type BenchResult } from './stats';

const RUNS = 30;
const ITEMS = 5000;

/**
 * Resolves with the first non-null value of `expression`, checked once per animation frame.
 * Playwright's `waitForFunction` compiles its predicate with `eval` inside the page, which
 * Marquee's CSP (script-src 'self') refuses; `evaluate` runs through the DevTools protocol,
 * which the CSP does not govern. Page code is text: this file is compiled without the DOM's types.
 */
async function waitInPage(page: Page, expression: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error('timed out waiting for: ' + ${JSON.stringify(expression)})), 30000);
    const tick = () => {
      const value = (${expression});
      if (value === null || value === undefined) { requestAnimationFrame(tick); return; }
      clearTimeout(limit);
      resolve(value);
    };
    tick();
  })`);
}

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

const SEARCH_TITLES = 100_000;
/** Words of the catalogue's titles, typed letter by letter as someone looking for a film would. */
const SEARCH_WORDS = [
  'silent',
  'harbor',
  'kingdom',
  'frontier',
  'midnight',
  'garden',
  'lighthouse',
  'electric',
  'winter',
];

/**
 * Marks, in the page, when the results of the box's text are painted: a capturing `keydown`
 * listener notes the keystroke, a MutationObserver on the results panel notices the list
 * labelled with the box's text, and the next animation frame is the paint. The local answer is
 * marked by "searching TMDB…"; TMDB's carries "results for “…”".
 */
const PROBE = `(() => {
  const bench = { keydown: 0, local: null, network: null };
  window.__searchBench = bench;
  const box = document.getElementById('search-input');
  const panel = document.getElementById('search-panel');
  box.addEventListener('keydown', () => {
    bench.keydown = performance.now();
    bench.local = null;
    bench.network = null;
  }, true);
  const check = () => {
    const query = box.value.trim();
    const list = panel.querySelector('ul[aria-label]');
    if (!list || list.getAttribute('aria-label') !== 'Results for ' + query) return;
    const text = panel.textContent || '';
    const started = bench.keydown;
    if (bench.local === null && text.includes('searching TMDB')) {
      bench.local = -1;
      requestAnimationFrame(() => { if (bench.keydown === started) bench.local = performance.now() - started; });
    }
    if (bench.network === null && text.includes('results for \u201c' + query + '\u201d')) {
      bench.network = -1;
      requestAnimationFrame(() => { if (bench.keydown === started) bench.network = performance.now() - started; });
    }
  };
  new MutationObserver(check).observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

interface KeystrokeTimes {
  local: number[];
  network: number[];
}

async function typeAndMeasure(page: Page): Promise<KeystrokeTimes> {
  const box = page.getByRole('searchbox', { name: 'Search TMDB' });
  await page.evaluate(PROBE);
  const times: KeystrokeTimes = { local: [], network: [] };
  for (const [index, word] of SEARCH_WORDS.entries()) {
    await box.fill('');
    await page.getByRole('heading', { name: 'Start typing to search' }).waitFor();
    await box.focus();
    for (const letter of word) {
      await page.keyboard.press(letter);
      // Each keystroke waits for both answers, so one keystroke's work never overlaps the next.
      const local = await waitInPage(
        page,
        'window.__searchBench.local > 0 ? window.__searchBench.local : null',
      );
      const network = await waitInPage(
        page,
        'window.__searchBench.network > 0 ? window.__searchBench.network : null',
      );
      // The first word warms the caches of the page, the core and SQLite.
      if (index === 0) continue;
      times.local.push(local);
      times.network.push(network);
    }
  }
  return times;
}

/** (b): a cache of 100,000 titles is written before the core opens the folder, as after long use. */
async function searchBenchmark(browser: Browser): Promise<BenchResult> {
  const catalogue = await startCatalogue({ titles: SEARCH_TITLES });
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-search-'));
  try {
    const seeded = await seedCache(dataDir, catalogue.data);
    const core = createCore({
      dataDir,
      app: { name: 'Marquee', version: '0.1.0', platform: process.platform },
      tmdb: {
        ...readTmdbConfig({
          TMDB_API_BASE: catalogue.apiBase,
          TMDB_IMAGE_BASE: catalogue.imageBase,
          TMDB_ACCESS_TOKEN: catalogue.accessToken,
        }),
        demo: true,
      },
      openExternal: () => Promise.resolve(),
    });
    const harness = await startHarness({
      core,
      rendererDir: resolve('out/renderer'),
      serveImage: (path) => core.serveImage(path),
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(harness.url);
      await page.goto(`${harness.origin}/#/search`);
      await page.getByRole('searchbox', { name: 'Search TMDB' }).waitFor();
      const { local, network } = await typeAndMeasure(page);
      await page.close();
      const ours = percentile(local, 95);
      const peer = percentile(network, 95);
      return {
        name: `renderer: keystroke → search results painted, ${seeded.toLocaleString('en')} titles cached, p95`,
        unit: 'ms',
        value: ours,
        budget: 50,
        ratio: ours / peer,
        peer: `TMDB's answer painted (200 ms debounce), p95 ${Math.round(peer)} ms`,
        note: `${local.length} keystrokes; p50 local ${median(local).toFixed(1)} ms, TMDB ${median(network).toFixed(1)} ms`,
      };
    } finally {
      await harness.close();
      await core.close();
    }
  } finally {
    await catalogue.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function rendererGzipBytes(): number {
  const dir = resolve('out/renderer/assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
}

export async function runRendererBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const stack = await startAppStack();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    try {
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
      results.push({
        name: 'renderer: watchlist data → painted, p95',
        unit: 'ms',
        value: ours,
        budget: 100,
        ratio: ours / percentile(plain, 95),
        peer: `plain render of ${rows} rows`,
        ...(rows < ITEMS
          ? { note: `${ITEMS} items seeded; the core returns ${rows} per collection read` }
          : {}),
      });
    } finally {
      await stack.close();
    }
    results.push(await searchBenchmark(browser));
  } finally {
    await browser.close();
  }
  results.push({
    name: 'renderer: JavaScript gzip',
    unit: 'KB',
    value: rendererGzipBytes() / 1024,
    budget: 150,
  });
  return results;
}
