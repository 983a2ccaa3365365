/**
 * Renderer benchmarks, in headless Chromium against the browser harness:
 * (a) a 5,000-item watchlist from data arrival to painted (the Lists view marks both moments),
 *     compared with a plain render of the same number of rows without virtualization;
 * (b) search as you type with 100,000 titles cached: from a keystroke to its local results painted,
 *     compared with the same keystroke's (debounced) TMDB results painted, and where that time goes;
 * (c) the JS heap after walking 50 pages against after the first 5 (leaks);
 * (d) the renderer's JavaScript, gzipped: the first load, and each chunk loaded on demand.
 * Run with `npm run bench -- renderer` after `npm run build`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
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
  const bench = { keydown: 0, echo: null, local: null, localDom: null, foreseen: null, network: null, seen: null, parsed: null };
  window.__searchBench = bench;
  // When the page's script gets the local answer's response, and its JSON: the bridge calls the
  // global fetch, so wrapping it sees the same call the resource timing entry describes.
  const pageFetch = window.fetch.bind(window);
  window.fetch = async (url, init) => {
    const local = typeof init?.body === 'string' && init.body.includes('"localOnly":true');
    const started = bench.keydown;
    const response = await pageFetch(url, init);
    if (!local || bench.keydown !== started) return response;
    bench.seen = performance.now() - started;
    const json = response.json.bind(response);
    response.json = async () => {
      const value = await json();
      if (bench.keydown === started) bench.parsed = performance.now() - started;
      return value;
    };
    return response;
  };
  const box = document.getElementById('search-input');
  const panel = document.getElementById('search-panel');
  // The resource buffer holds 250 entries: cleared per keystroke, it always has this one's calls.
  box.addEventListener('keydown', () => {
    performance.clearResourceTimings();
    const started = performance.now();
    bench.keydown = started;
    bench.echo = null;
    // The typed letter itself is painted in the next frame: the floor any answer's paint sits on.
    requestAnimationFrame(() => { if (bench.keydown === started) bench.echo = performance.now() - started; });
    bench.local = null;
    bench.localDom = null;
    bench.foreseen = null;
    bench.seen = null;
    bench.parsed = null;
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
      bench.localDom = performance.now() - started;
      // In the DOM before any reply to this keystroke reached the page: the look-ahead's answer.
      bench.foreseen = bench.seen === null;
      requestAnimationFrame(() => { if (bench.keydown === started) bench.local = performance.now() - started; });
    }
    if (bench.network === null && text.includes('results for \u201c' + query + '\u201d')) {
      bench.network = -1;
      requestAnimationFrame(() => { if (bench.keydown === started) bench.network = performance.now() - started; });
    }
  };
  new MutationObserver(check).observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

/**
 * Turns the look-ahead off in a page (installed before the app's scripts): its calls fail, as
 * they would if the core could not answer them, so every keystroke's results cross the bridge.
 */
const NO_LOOK_AHEAD = `(() => {
  const pageFetch = window.fetch.bind(window);
  window.fetch = (url, init) =>
    typeof init?.body === 'string' && init.body.includes('"channel":"search.ahead"')
      ? Promise.reject(new TypeError('the look-ahead is off in this page'))
      : pageFetch(url, init);
})()`;

interface KeystrokeTimes {
  /** Keydown → the frame that paints the typed letter (no search involved). */
  echo: number[];
  local: number[];
  network: number[];
  /** Keystrokes whose results came from the last keystroke's look-ahead. */
  foreseen: number;
  /** Where a keystroke's local answer spends its time, one entry per part, in order. */
  parts: Record<PartName, number[]>;
}

type PartName =
  'aheadDom' | 'aheadFrame' | 'input' | 'bridge' | 'queue' | 'json' | 'render' | 'frame';
const PART_NAMES: readonly PartName[] = [
  'aheadDom',
  'aheadFrame',
  'input',
  'bridge',
  'queue',
  'json',
  'render',
  'frame',
];

/**
 * The local answer's parts, from the page's clock.
 *
 * - Answered from the look-ahead: keydown → the results in the DOM (the input handler, state and
 *   Svelte, in the keystroke's own task), and the DOM → the next frame.
 * - Answered through the bridge (no look-ahead held the letter): keydown → the bridge call starts
 *   (input handling); the call's round trip (HTTP on loopback plus the core, whose own time is
 *   measured apart in Node), to the last byte as the network stack saw it; the reply waiting for
 *   the page's main thread; reading its JSON; the answer → the results in the DOM (state,
 *   Svelte); the DOM → the next frame (waiting for the display's next frame, up to 16.7 ms
 *   however fast the rest is).
 */
const PARTS = `(() => {
  const bench = window.__searchBench;
  if (bench.localDom === null || bench.local === null) return null;
  if (bench.foreseen) return { aheadDom: bench.localDom, aheadFrame: bench.local - bench.localDom };
  const call = performance.getEntriesByType('resource')
    .filter((e) => e.name.includes('/__marquee/ipc') && e.startTime >= bench.keydown)
    .sort((a, b) => a.startTime - b.startTime)[0];
  if (!call || bench.seen === null || bench.parsed === null) return null;
  const start = call.startTime - bench.keydown;
  const end = call.responseEnd - bench.keydown;
  return {
    input: start,
    bridge: end - start,
    queue: Math.max(0, bench.seen - end),
    json: bench.parsed - Math.max(bench.seen, end),
    render: bench.localDom - bench.parsed,
    frame: bench.local - bench.localDom,
  };
})()`;

async function typeAndMeasure(page: Page): Promise<KeystrokeTimes> {
  const box = page.getByRole('searchbox', { name: 'Search TMDB' });
  await page.evaluate(PROBE);
  const times: KeystrokeTimes = {
    echo: [],
    local: [],
    network: [],
    foreseen: 0,
    parts: {
      aheadDom: [],
      aheadFrame: [],
      input: [],
      bridge: [],
      queue: [],
      json: [],
      render: [],
      frame: [],
    },
  };
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
      times.echo.push(await waitInPage(page, 'window.__searchBench.echo'));
      times.local.push(local);
      times.network.push(network);
      const parts = await page.evaluate<Partial<Record<PartName, number>> | null>(PARTS);
      if (parts?.aheadDom !== undefined) times.foreseen += 1;
      for (const name of PART_NAMES) {
        const value = parts?.[name];
        if (value !== undefined) times.parts[name].push(value);
      }
    }
  }
  return times;
}

/** (b): a cache of 100,000 titles is written before the core opens the folder, as after long use. */
async function searchBenchmark(browser: Browser): Promise<BenchResult[]> {
  const catalogue = await startCatalogue({ titles: SEARCH_TITLES, messy: false });
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
    // The core's own time for each local answer and each look-ahead, measured where they run.
    const coreTimes: { wall: number[]; cpu: number[] } = { wall: [], cpu: [] };
    const aheadTimes: { wall: number[]; letters: number[] } = { wall: [], letters: [] };
    const timedCore: Pick<typeof core, 'dispatch' | 'events'> = {
      events: core.events,
      dispatch: async (channel, input, sender) => {
        const local =
          channel === 'search.multi' &&
          typeof input === 'object' &&
          input !== null &&
          'localOnly' in input &&
          input.localOnly === true;
        const cpu = process.cpuUsage();
        const start = performance.now();
        const result = await core.dispatch(channel, input, sender);
        if (channel === 'search.ahead' && result.ok) {
          aheadTimes.wall.push(performance.now() - start);
          const { next } = result.value as { next: Record<string, unknown> };
          aheadTimes.letters.push(Object.keys(next).length);
        }
        if (local) {
          coreTimes.wall.push(performance.now() - start);
          const used = process.cpuUsage(cpu);
          coreTimes.cpu.push((used.user + used.system) / 1000);
        }
        return result;
      },
    };
    const harness = await startHarness({
      core: timedCore,
      rendererDir: resolve('out/renderer'),
      serveImage: (path) => core.serveImage(path),
    });
    try {
      const typed = async (lookAhead: boolean): Promise<KeystrokeTimes> => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        if (!lookAhead) await page.addInitScript(NO_LOOK_AHEAD);
        await page.goto(harness.url);
        await page.goto(`${harness.origin}/#/search`);
        await page.getByRole('searchbox', { name: 'Search TMDB' }).waitFor();
        const times = await typeAndMeasure(page);
        await page.close();
        return times;
      };
      const { echo, local, network, parts, foreseen } = await typed(true);
      const aheadWall = [...aheadTimes.wall];
      const aheadLetters = [...aheadTimes.letters];
      const coreWall = [...coreTimes.wall];
      // The same keystrokes with the look-ahead off: every answer crosses the bridge.
      const bridged = await typed(false);
      const ours = percentile(local, 95);
      const peer = percentile(bridged.local, 95);
      const tmdb = percentile(network, 95);
      const name = `renderer: keystroke → search results painted, ${seeded.toLocaleString('en')} titles cached, p95`;
      const partRow = (part: PartName, what: string): BenchResult => ({
        name: `renderer: search keystroke part: ${what}, p95`,
        unit: 'ms',
        value: percentile(parts[part], 95),
        budget: null,
        note: `p50 ${median(parts[part]).toFixed(1)} ms`,
      });
      const bridgedRow = (part: PartName, what: string): BenchResult => ({
        name: `renderer: search keystroke part, look-ahead off: ${what}, p95`,
        unit: 'ms',
        value: percentile(bridged.parts[part], 95),
        budget: null,
        note: `p50 ${median(bridged.parts[part]).toFixed(1)} ms, ${bridged.parts[part].length} keystrokes`,
      });
      return [
        {
          name,
          unit: 'ms',
          value: ours,
          budget: 16,
          ratio: ours / peer,
          peer: `the same keystrokes with the look-ahead off (every answer over the bridge), p95 ${peer.toFixed(1)} ms`,
          note: `${local.length} keystrokes, ${foreseen} answered from the look-ahead; p50 ${median(local).toFixed(1)} ms (look-ahead off: ${median(bridged.local).toFixed(1)} ms); TMDB's answer painted (200 ms debounce) p50 ${median(network).toFixed(1)} ms, p95 ${tmdb.toFixed(0)} ms`,
        },
        {
          name: 'renderer: keystroke → the typed letter painted (no search), p95',
          unit: 'ms',
          value: percentile(echo, 95),
          budget: null,
          note: `the same keystrokes: keydown → the next frame, which paints the letter; p50 ${median(echo).toFixed(1)} ms (look-ahead off: p50 ${median(bridged.echo).toFixed(1)}, p95 ${percentile(bridged.echo, 95).toFixed(1)} ms)`,
        },
        partRow('aheadDom', 'keydown → results in the DOM (look-ahead: state, Svelte)'),
        partRow('aheadFrame', 'results in the DOM → next frame (look-ahead)'),
        {
          name: 'renderer: search look-ahead in the core (all next letters), p95',
          unit: 'ms',
          value: percentile(aheadWall, 95),
          budget: null,
          note: `wall time in Node, pauses between letters included; p50 ${median(aheadWall).toFixed(1)} ms; letters answered per look-ahead p50 ${median(aheadLetters).toFixed(0)}, max ${Math.max(0, ...aheadLetters)}`,
        },
        bridgedRow('input', 'keydown → bridge call sent'),
        bridgedRow('bridge', 'bridge round trip (HTTP on loopback + core)'),
        {
          name: 'renderer: search keystroke part: core (local search.multi), p95',
          unit: 'ms',
          value: percentile(coreWall, 95),
          budget: null,
          note: `wall time in Node, with the look-ahead on; p50 ${median(coreWall).toFixed(2)} ms; CPU time p50 ${median(coreTimes.cpu).toFixed(2)} ms, p95 ${percentile(coreTimes.cpu, 95).toFixed(2)} ms (both passes)`,
        },
        bridgedRow('queue', 'reply waiting for the page’s main thread'),
        bridgedRow('json', 'reading the reply’s JSON'),
        bridgedRow('render', 'answer → results in the DOM (state, Svelte)'),
        bridgedRow('frame', 'results in the DOM → next frame'),
      ];
    } finally {
      await harness.close();
      await core.close();
    }
  } finally {
    await catalogue.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The renderer's JavaScript, gzipped: what the first load fetches and parses (the entry and the
 * chunks index.html preloads) and each chunk loaded on demand (a view's `import()`).
 */
function bundleRows(): BenchResult[] {
  const root = resolve('out/renderer');
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((m) => m[1] ?? ''),
  );
  const gzip = (file: string): number =>
    gzipSync(readFileSync(join(root, 'assets', file)), { level: 9 }).length / 1024;
  const files = readdirSync(join(root, 'assets')).filter((f) => f.endsWith('.js'));
  const lazy = files.filter((f) => !initial.has(f)).sort();
  const first = [...initial].reduce((sum, f) => sum + gzip(f), 0);
  // The Stats view carries its charts (d3-scale, d3-array and its own SVG): loaded only when opened.
  const stats = files.find((f) => f.startsWith('StatsView-'));
  return [
    {
      name: 'renderer: initial JavaScript gzip',
      unit: 'KB',
      value: first,
      budget: 150,
      note: `${[...initial].join(', ')}; all chunks together ${files.reduce((sum, f) => sum + gzip(f), 0).toFixed(1)} KB`,
    },
    ...(stats
      ? [
          {
            name: 'renderer: Stats view chunk gzip (charts included, loaded when Stats opens)',
            unit: 'KB',
            value: gzip(stats),
            budget: 40,
            note: `${stats}; ${initial.has(stats) ? 'WRONGLY in the initial load' : 'not in the initial load'}`,
          },
        ]
      : []),
    ...lazy
      .filter((file) => file !== stats)
      .map((file) => ({
        name: `renderer: lazy chunk ${file.replace(/-[\w-]{8}\.js$/, '')} gzip`,
        unit: 'KB',
        value: gzip(file),
        budget: null,
        note: file,
      })),
  ];
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/** Pages walked for the heap figure: sections and details, as someone browsing would. */
const WALK = 50;
const WARM = 5;

/** What a heap snapshot holds, by kind: compiled code apart from everything else V8 keeps. */
interface HeapParts {
  /** Bytecode, machine code and their metadata (V8 compiles more of it as functions get hot). */
  code: number;
  /** Objects, arrays, closures, contexts and strings: what a leak would grow. */
  objects: number;
}

/** Sums a heap snapshot's V8 nodes (the DOM's own C++ objects left out) by kind. */
async function heapParts(cdp: CDPSession): Promise<HeapParts> {
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }): void => {
    chunks.push(event.chunk);
  };
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const type = fields.indexOf('type');
  const size = fields.indexOf('self_size');
  const parts: HeapParts = { code: 0, objects: 0 };
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const kind = types[snapshot.nodes[i + type] ?? 0];
    const bytes = snapshot.nodes[i + size] ?? 0;
    if (kind === 'code') parts.code += bytes;
    else if (kind !== 'native' && kind !== 'synthetic') parts.objects += bytes;
  }
  return parts;
}

/**
 * (d): the JS heap after walking 50 pages against its level after the first 5, each read after a
 * forced garbage collection through the DevTools protocol. Growth means something outlives its
 * page: a listener, a timer or a cache without a bound.
 *
 * - Both readings are taken on the same page (About, a second after opening it): read on
 *   whatever page the walk stopped at, they would compare one page's live components with
 *   another's. Browse is not used: how many of its shelves have rendered varies between visits.
 * - The walk starts once every kind of page has been opened once (a warm-up, as every benchmark
 *   here has): a view's first visit loads its chunk and compiles its code, which stays.
 * - A heap snapshot at each reading splits the heap into compiled code and everything else
 *   (objects, arrays, closures, strings): V8 keeps compiling functions that got hot as the walk
 *   goes on, which is growth but not a leak; objects that outlive their pages are.
 * - The unwarmed reading (after the first 5 pages of a fresh page) is reported beside.
 */
async function heapWalk(): Promise<BenchResult[]> {
  const stack = await startAppStack();
  // A browser of its own: the DOM counters are per renderer process, which earlier pages share.
  const browser = await launch();
  try {
    const movies = stack.catalogue.data.movies.slice(0, 20).map((m) => `#/movie/${m.id}`);
    const series = stack.catalogue.data.tv.slice(0, 10).map((t) => `#/tv/${t.id}`);
    const people = stack.catalogue.data.people.slice(0, 10).map((p) => `#/person/${p.id}`);
    const sections = ['#/browse', '#/search', '#/lists', '#/settings', '#/about', '#/account'];
    const routes: string[] = [];
    for (let i = 0; routes.length < WALK; i += 1) {
      routes.push(sections[i % sections.length] ?? '#/browse');
      routes.push(movies[i % movies.length] ?? '#/browse');
      if (i % 2 === 0) routes.push(series[i % series.length] ?? '#/browse');
      else routes.push(people[i % people.length] ?? '#/browse');
    }
    // One page of each kind, other titles than the walk's first ones.
    const warmUp = [
      ...sections,
      movies.at(-1) ?? '#/browse',
      series.at(-1) ?? '#/browse',
      people.at(-1) ?? '#/browse',
    ];
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    const open = async (route: string): Promise<void> => {
      await page.evaluate(`location.hash = ${JSON.stringify(route)}`);
      // A page is walked once its heading is there and nothing on it is still loading.
      await waitInPage(
        page,
        `document.querySelector('main h1') && !document.querySelector('main [aria-busy="true"]') ? 1 : null`,
      );
    };
    const reading = async (): Promise<{
      used: number;
      parts: HeapParts;
      dom: { nodes: number; jsEventListeners: number };
      /** Nodes in the document itself (the DOM counter adds detached ones not yet collected). */
      live: number;
    }> => {
      await open('#/about');
      // Leaving a page ends its transitions and its pending replies a moment later.
      await page.waitForTimeout(1000);
      // Twice: a first collection can leave objects that only a second one frees (finalizers).
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const usage = await cdp.send('Runtime.getHeapUsage');
      const dom = await cdp.send('Memory.getDOMCounters');
      const live = await page.evaluate<number>(
        `(() => { const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL); let n = 0; while (w.nextNode()) n++; return n; })()`,
      );
      return { used: usage.usedSize, parts: await heapParts(cdp), dom, live };
    };
    await page.goto(stack.harness.url);
    await page.locator('main h1').first().waitFor();
    for (const route of routes.slice(0, WARM)) await open(route);
    const cold = await reading();
    for (const route of warmUp) await open(route);
    let warm = cold;
    for (const [index, route] of routes.slice(0, WALK).entries()) {
      await open(route);
      if (index + 1 === WARM) warm = await reading();
    }
    const walked = await reading();
    // The same walk once more: a leak keeps growing with it, code compiled as functions got hot
    // does not (V8 compiles a function's tiers once).
    for (const route of routes.slice(0, WALK)) await open(route);
    const again = await reading();
    await page.close();
    const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(2);
    const kb = (bytes: number): string => (bytes / 1024).toFixed(0);
    const where = `read on About after forced GC (CDP HeapProfiler.collectGarbage), the walk made after opening each of the ${warmUp.length} kinds of page once`;
    return [
      {
        name: `renderer: JS heap after ${WALK} pages / after the first ${WARM}`,
        unit: 'ratio',
        value: walked.used / warm.used,
        budget: 1.1,
        note:
          `${mb(warm.used)} MB → ${mb(walked.used)} MB (Runtime.getHeapUsage), ${where}; ` +
          `of the ${kb(walked.used - warm.used)} KB more, compiled code ${kb(walked.parts.code - warm.parts.code)} KB and objects ${kb(walked.parts.objects - warm.parts.objects)} KB (heap snapshots); ` +
          `nodes in the document ${String(warm.live)} → ${String(walked.live)} (DevTools' DOM counter, which adds detached nodes until they are collected: ${warm.dom.nodes} → ${walked.dom.nodes}; JS event listeners ${warm.dom.jsEventListeners} → ${walked.dom.jsEventListeners}). ` +
          `Unwarmed (after the first 5 pages of a fresh page): ${mb(cold.used)} MB, so ${(walked.used / cold.used).toFixed(2)}× at the end of the walk`,
      },
      {
        name: `renderer: JS heap after ${2 * WALK} pages / after ${WALK} (the same walk again)`,
        unit: 'ratio',
        value: again.used / walked.used,
        budget: null,
        note: `${mb(walked.used)} MB → ${mb(again.used)} MB, ${where}; compiled code ${mb(walked.parts.code)} → ${mb(again.parts.code)} MB, objects ${mb(walked.parts.objects)} → ${mb(again.parts.objects)} MB; nodes in the document ${String(walked.live)} → ${String(again.live)}`,
      },
      {
        name: `renderer: JS objects after ${WALK} pages / after the first ${WARM} (compiled code left out)`,
        unit: 'ratio',
        value: walked.parts.objects / warm.parts.objects,
        budget: 1.1,
        note: `${mb(warm.parts.objects)} MB → ${mb(walked.parts.objects)} MB of objects, arrays, closures, contexts and strings in heap snapshots, ${where}; compiled code ${mb(warm.parts.code)} → ${mb(walked.parts.code)} MB`,
      },
    ];
  } finally {
    await browser.close();
    await stack.close();
  }
}

export async function runRendererBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const stack = await startAppStack();
  const browser = await launch();
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
    results.push(...(await searchBenchmark(browser)));
    results.push(...(await heapWalk()));
  } finally {
    await browser.close();
  }
  results.push(...bundleRows());
  return results;
}
