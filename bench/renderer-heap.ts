/** (c): the JS objects retained after walking 50 pages against after the first 5 (leaks). */
import type { CDPSession } from '@playwright/test';
import { startAppStack } from '../e2e/fixtures';
import { launch, waitInPage } from './renderer-page';
import type { BenchResult } from './stats';

/** Pages walked for the heap figure: sections and details, as someone browsing would. */
const WALK = 50;
const WARM = 5;

/**
 * Heap snapshot node types that are the page's JavaScript values: what its code made and a leak
 * would keep. Left out: compiled code ('code': bytecode, machine code and their metadata, which
 * V8 adds to as functions get hot), hidden classes ('object shape', which V8 makes as code takes
 * new paths), the DOM's and Blink's own C++ objects ('native', counted by the DOM counters
 * instead) and the snapshot's own roots ('synthetic').
 */
const JS_VALUES = new Set([
  'object',
  'closure',
  'array',
  'regexp',
  'string',
  'concatenated string',
  'sliced string',
  'number',
  'symbol',
  'bigint',
]);

/** What a heap snapshot holds: the JS values apart from compiled code. */
interface HeapParts {
  /** JS values retained (see JS_VALUES): a count, which an object's size does not sway. */
  objects: number;
  /** Their bytes. */
  objectBytes: number;
  /** Bytes of bytecode, machine code and their metadata. */
  code: number;
}

/** Counts a heap snapshot's nodes by kind (V8 collects garbage before it takes one). */
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
  const parts: HeapParts = { objects: 0, objectBytes: 0, code: 0 };
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const kind = types[snapshot.nodes[i + type] ?? 0] ?? '';
    const bytes = snapshot.nodes[i + size] ?? 0;
    if (kind === 'code') parts.code += bytes;
    else if (JS_VALUES.has(kind)) {
      parts.objects += 1;
      parts.objectBytes += bytes;
    }
  }
  return parts;
}

/**
 * (c): the JS objects retained after walking 50 pages against after the first 5, each counted in
 * a heap snapshot after a forced garbage collection through the DevTools protocol. Growth means
 * something outlives its page: a listener, a timer or a cache without a bound.
 *
 * - Both readings are taken on the same page (About, once what the page before it left behind
 *   has ended): read on whatever page the walk stopped at, they would compare one page's live
 *   components with another's. Browse is not used: how many of its shelves have rendered varies between visits.
 * - The walk starts once every kind of page has been opened once (a warm-up, as every benchmark
 *   here has): a view's first visit loads its chunk and compiles its code, which stays.
 * - Objects are counted, not the heap's size (`Runtime.getHeapUsage`, reported beside): the size
 *   includes compiled code, which V8 keeps adding as functions get hot during the walk (growth,
 *   but not a leak), and a count is not swayed by an array's or a string's length either. The
 *   compiled code's size is a row of its own, without a budget.
 * - The unwarmed reading (after the first 5 pages of a fresh page) is reported beside.
 */
export async function heapWalk(): Promise<BenchResult[]> {
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
    /** The DOM counters after a forced collection. */
    const collected = async (): Promise<{ nodes: number; jsEventListeners: number }> => {
      // Twice: a first collection can leave objects that only a second one frees (finalizers).
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return cdp.send('Memory.getDOMCounters');
    };
    const reading = async (): Promise<{
      used: number;
      parts: HeapParts;
      dom: { nodes: number; jsEventListeners: number };
      /** Nodes in the document itself (the DOM counter adds detached ones not yet collected). */
      live: number;
      /** Quarter-seconds waited for the DOM counters to settle. */
      waits: number;
    }> => {
      await open('#/about');
      // Leaving a page ends its transitions and its pending replies a moment later (later still
      // on a busy machine), and until then they keep the page's nodes, listeners and state: the
      // reading waits until two collections a quarter of a second apart find the same DOM nodes
      // and listeners (ten seconds at most).
      await page.waitForTimeout(1000);
      let dom = await collected();
      let waits = 0;
      for (; waits < 40; waits++) {
        await page.waitForTimeout(250);
        const next = await collected();
        const same = next.nodes === dom.nodes && next.jsEventListeners === dom.jsEventListeners;
        dom = next;
        if (same) break;
      }
      const usage = await cdp.send('Runtime.getHeapUsage');
      const live = await page.evaluate<number>(
        `(() => { const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL); let n = 0; while (w.nextNode()) n++; return n; })()`,
      );
      return { used: usage.usedSize, parts: await heapParts(cdp), dom, live, waits };
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
    const where = `read on About after forced GC (CDP HeapProfiler.collectGarbage) once the DOM counters settled (${[warm, walked, again].map((r) => (r.waits + 1) * 250).join(', ')} ms waited past the first second), the walk made after opening each of the ${warmUp.length} kinds of page once`;
    const count = (r: { parts: HeapParts }): string => r.parts.objects.toLocaleString('en');
    return [
      {
        name: `renderer: retained JS objects after ${WALK} pages / after the first ${WARM}`,
        unit: 'ratio',
        value: walked.parts.objects / warm.parts.objects,
        budget: 1.05,
        note:
          `${count(warm)} → ${count(walked)} objects, arrays, closures, strings and numbers in heap snapshots (${mb(warm.parts.objectBytes)} → ${mb(walked.parts.objectBytes)} MB), ${where}; ` +
          `the whole JS heap ${mb(warm.used)} → ${mb(walked.used)} MB (Runtime.getHeapUsage, compiled code included); ` +
          `nodes in the document ${String(warm.live)} → ${String(walked.live)} (DevTools' DOM counter, which adds detached nodes until they are collected: ${warm.dom.nodes} → ${walked.dom.nodes}; JS event listeners ${warm.dom.jsEventListeners} → ${walked.dom.jsEventListeners}). ` +
          `Unwarmed (after the first 5 pages of a fresh page): ${count(cold)} objects, so ${(walked.parts.objects / cold.parts.objects).toFixed(2)}× at the end of the walk`,
      },
      {
        name: `renderer: retained JS objects after ${2 * WALK} pages / after ${WALK} (the same walk again)`,
        unit: 'ratio',
        value: again.parts.objects / walked.parts.objects,
        budget: null,
        note: `${count(walked)} → ${count(again)} objects, ${where}; the whole JS heap ${mb(walked.used)} → ${mb(again.used)} MB; nodes in the document ${String(walked.live)} → ${String(again.live)}`,
      },
      {
        name: `renderer: V8 compiled code after ${WALK} pages`,
        unit: 'MB',
        value: walked.parts.code / 1024 / 1024,
        budget: null,
        note: `bytecode, machine code and their metadata in heap snapshots (not budgeted: V8 compiles more as functions get hot, and keeps it): ${mb(warm.parts.code)} MB after the first ${WARM} pages, ${mb(walked.parts.code)} after ${WALK}, ${mb(again.parts.code)} after ${2 * WALK}`,
      },
    ];
  } finally {
    await browser.close();
    await stack.close();
  }
}
