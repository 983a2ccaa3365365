/**
 * `npm run bench -- heavy`: the large profile (bench/large-profile.ts) under the calls that do
 * the most work, through the core's IPC dispatch as a window makes them:
 * - the longest main-process block while each heavy call runs (exports, .ics, backup, restore of
 *   200,000 plays, an import of 20,000, 20 concurrent stats, the look-ahead, a history page at
 *   play 90,000), each ≤ 50 ms, with its wall time beside it;
 * - cold start: each section's first answer after the databases are open, ≤ 50 ms p95;
 * - memory: the main process's RSS after a 50-page walk, ≤ 150 MB.
 * Then the same calls on a core without the worker, answered on the main thread as before it:
 * the baseline of the same run, each worker row naming it as its peer with the ratio.
 * Cores that must answer from their own data point at an address where nothing listens (offline,
 * as on a train); those that browse talk to the local catalogue, run in a process of its own.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { historyCalls, importCalls, readOnlyCalls, restoreCalls } from './heavy-calls';
import { bundleChild } from '../src-main/db/testing/bundle-child';
import { buildWorker, type BuiltWorker } from '../src-main/worker/testing/build-worker';
import type { RunningCore } from '../src-main/core/core';
import { NOWHERE, call, profileCore, startChildCatalogue, type ChildCatalogue } from './heavy-core';
import type { WalkResult } from './heavy-memory';
import { bundleRows, coldStarts } from './heavy-start';
import { copyProfile, largeProfile, type LargeProfile } from './large-profile';
import { round, type BenchResult } from './stats';

const MEMORY_BUDGET_MB = 150;
const REPO = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the suite is, on stderr: a whole run takes minutes. */
const progress = (step: string): void => {
  process.stderr.write(`  heavy: ${step}\n`);
};
/** Titles of the catalogue the walk browses (its own ids; the profile's cache holds others). */
const CATALOGUE_TITLES = 3_000;
/** Start-up's deferred work (Up Next read into memory 2 s after start) is done by then. */
const SETTLE_MS = 3_000;

/**
 * Each worker row beside the same call's main-thread figure: the baseline rows (named "… on the
 * main thread (baseline)", no budget) follow, and each worker row names its peer and the ratio.
 */
function withBaseline(results: BenchResult[], before: BenchResult[]): BenchResult[] {
  const baseName = (name: string): string =>
    name.replace(
      /^heavy: (.*?), (longest main-process block|wall time)$/,
      'heavy: $1 on the main thread (baseline), $2',
    );
  // The process's peak RSS never falls, so a later run's peak says nothing of its own.
  const kept = before.filter((row) => !row.name.endsWith('peak RSS'));
  const byName = new Map(kept.map((row) => [row.name, row]));
  const paired = results.map((row) => {
    const peer = byName.get(row.name);
    if (!peer || peer.value <= 0) return row;
    return { ...row, peer: baseName(peer.name), ratio: round(row.value / peer.value, 3) };
  });
  const baseline = kept.map((row) => ({ ...row, name: baseName(row.name), budget: null }));
  return [...paired, ...baseline];
}

function profileRow(profile: LargeProfile, seconds: number): BenchResult {
  const m = profile.manifest;
  const phases = Object.entries(m.phases)
    .map(([k, v]) => `${k} ${String(v)} s`)
    .join(', ');
  return {
    name: 'large profile: generation',
    unit: 's',
    value: m.generatedSeconds,
    budget: null,
    note: `${profile.generated ? 'generated in this run' : `reused (found in ${String(round(seconds, 1))} s)`} from ${profile.dir}; ${phases}; ${String(m.plays)} plays; seed ${String(m.seed)}, ${m.version}`,
  };
}

/**
 * Runs the walk in a process of its own and reads back its measure. The walk and Marquee's code
 * are bundled into plain JavaScript and run in plain Node, as the built app loads its code: the
 * TypeScript loader the suite runs under would add its own compiler and source maps (some 50 MB)
 * to a figure that is about Marquee.
 */
async function walkApart(
  dataDir: string,
  catalogue: ChildCatalogue,
  dir: string,
): Promise<WalkResult> {
  const script = await bundleChild(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'heavy-memory.ts'),
    dir,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', script, dataDir, catalogue.apiBase, catalogue.imageBase, catalogue.token],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{'))
        reject(new Error(`the memory walk failed (exit ${String(code)})`));
      else resolve(JSON.parse(line) as WalkResult);
    });
  });
}

/** Longest an earlier session may take to finish start-up's background work. */
const SETTLE_LIMIT_MS = 600_000;

/**
 * Waits (at least SETTLE_MS) until start-up's background work is done: the refresh of the series
 * and films that were due, with its after-work, and the fill of watched titles' facts. The
 * profile's titles are not in the local catalogue, so that first online session meets hundreds of
 * 404s and marks those titles gone, once; a walk that started before it ended counted part of
 * that one-off work, as much as the timing allowed, in its memory. Returns how long it took.
 */
async function settled(core: RunningCore): Promise<number> {
  const start = performance.now();
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  for (;;) {
    const { refresh } = await call(core, 'tracking.status');
    const { coverage } = await call(core, 'stats.overview', { media: 'all' });
    if (!refresh.running && !coverage.filling) return performance.now() - start;
    if (performance.now() - start > SETTLE_LIMIT_MS)
      throw new Error('start-up work was still running after ten minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * An earlier session: Browse's first page fetched once, so a start finds it cached, and start-up's
 * deferred work done (progress and the Stats view's first answers computed once after an upgrade,
 * then stored; what was due refreshed, the facts filled). Returns how long that work took.
 */
async function earlierSession(
  dataDir: string,
  catalogue: ChildCatalogue,
  worker: string,
): Promise<number> {
  const earlier = profileCore(dataDir, catalogue, worker);
  try {
    await earlier.ready;
    await call(earlier, 'browse.discoverMovies', { page: 1 });
    return await settled(earlier);
  } finally {
    await earlier.close();
  }
}

function memoryRow(walk: WalkResult, settledMs: number): BenchResult {
  return {
    name: `memory: main-process RSS after a ${String(walk.pages)}-page walk`,
    unit: 'MB',
    value: walk.rss,
    budget: MEMORY_BUDGET_MB,
    note: `plain Node, the walk and Marquee's code bundled (no TypeScript loader); RSS ${String(round(walk.baseRss))} MB before the core was made (Node and the code), ${String(round(walk.startRss))} MB once started; after the walk heap used ${String(round(walk.heapUsed))} MB, external ${String(round(walk.external))} MB (array buffers ${String(round(walk.arrayBuffers))} MB)${walk.collectedRss === null ? '' : `, RSS ${String(round(walk.collectedRss))} MB once a full collection ran`}; browse, details and search pages against the local catalogue, online, after an earlier session finished start-up's one-off work (${String(round(settledMs / 1000, 1))} s)`,
  };
}

export async function runHeavyBenchmarks(): Promise<BenchResult[]> {
  const found = performance.now();
  progress('the large profile (generated on first use, a few minutes)');
  const profile = await largeProfile();
  const results: BenchResult[] = [profileRow(profile, (performance.now() - found) / 1000)];
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-heavy-'));
  let worker: BuiltWorker | undefined;
  try {
    const startDir = path.join(root, 'start');
    copyProfile(profile, startDir);
    // The heavy channels as the app runs them: the worker thread's script beside the core.
    worker = await buildWorker(path.join(REPO, 'src-main', 'worker', 'entry.ts'));
    const catalogue = await startChildCatalogue(CATALOGUE_TITLES);
    try {
      const settledMs = await earlierSession(startDir, catalogue, worker.file);
      progress('cold starts');
      results.push(...(await coldStarts(startDir, worker.file)));
      progress('the built main bundle');
      results.push(...(await bundleRows(startDir)));
      progress('the 50-page walk');
      results.push(memoryRow(await walkApart(startDir, catalogue, root), settledMs));
    } finally {
      await catalogue.close();
    }

    const heavyDir = path.join(root, 'heavy');
    copyProfile(profile, heavyDir);
    const core = profileCore(heavyDir, NOWHERE, worker.file);
    try {
      await core.ready;
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      progress('exports, backup, stats, look-ahead');
      results.push(...(await readOnlyCalls(core)));
      progress('a deep history page');
      results.push(...(await historyCalls(core)));
      progress('import of the Trakt history');
      results.push(...(await importCalls(core, profile)));
      progress('restore of the backup');
      results.push(...(await restoreCalls(core, profile)));
    } finally {
      await core.close();
    }
    fs.rmSync(heavyDir, { recursive: true, force: true });

    // The baseline in the same run: the same calls answered on the main thread, as before the
    // worker (the core's path when it has none).
    progress('the same calls on the main thread (baseline)');
    const baseDir = path.join(root, 'baseline');
    copyProfile(profile, baseDir);
    const base = profileCore(baseDir, NOWHERE);
    try {
      await base.ready;
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const before = [
        ...(await readOnlyCalls(base)),
        ...(await importCalls(base, profile)),
        ...(await restoreCalls(base, profile)),
      ];
      return withBaseline(results, before);
    } finally {
      await base.close();
    }
  } finally {
    worker?.remove();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
