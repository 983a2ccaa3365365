/**
 * Cold start on the large profile: a new core opens, checks and migrates the databases, then
 * answers each section's first call. Each start answers one section only, so every answer is the
 * first of its kind after start-up (nothing read for another section helps it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningCore } from '../src-main/core/core';
import { openDatabase } from '../src-main/db/open';
import { call, NOWHERE, profileCore } from './heavy-core';
import { percentile, round, type BenchResult } from './stats';

export const FIRST_ANSWER_BUDGET_MS = 50;
const STARTS = 7;

/** The first call each section's view makes; `fromCache` says whether the answer was the cache's. */
const SECTIONS: Array<[string, (core: RunningCore) => Promise<boolean>]> = [
  [
    'Browse (from cache)',
    async (core) =>
      (await call(core, 'browse.discoverMovies', { page: 1 })).meta.source !== 'network',
  ],
  ['Up Next', async (core) => (await call(core, 'tracking.upNext', {}), true)],
  ['Upcoming', async (core) => (await call(core, 'tracking.calendar', {}), true)],
  ['Lists', async (core) => (await call(core, 'lists.all'), true)],
  ['Stats', async (core) => (await call(core, 'stats.overview', { media: 'all' }), true)],
];

/** Each file opened alone, as start-up opens it: the library checked in full, the cache not. */
async function fileRows(dataDir: string): Promise<BenchResult[]> {
  const rows: BenchResult[] = [];
  for (const kind of ['library', 'cache'] as const) {
    const samples: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const start = performance.now();
      const result = await openDatabase(path.join(dataDir, `${kind}.db`), { kind });
      samples.push(performance.now() - start);
      if (result.status === 'unrecoverable') throw new Error(result.reason);
      result.db.close();
    }
    rows.push({
      name: `cold start: ${kind}.db opened${kind === 'library' ? ' and checked' : ''}, p95`,
      unit: 'ms',
      value: percentile(samples, 95),
      budget: null,
      note: `p50 ${String(round(percentile(samples, 50)))} ms over ${String(STARTS)} opens; ${
        kind === 'library'
          ? 'quick_check, the schema text against the migrations, every record read and every index checked (integrity_check), as start-up does'
          : 'opened and its schema read; its quick_check runs after start-up on a thread of its own'
      }; ${String(round(fs.statSync(path.join(dataDir, `${kind}.db`)).size / 1e6))} MB`,
    });
  }
  return rows;
}

/** `worker`: the heavy work's script, as the app passes it (Stats answers from it or its store). */
export async function coldStarts(dataDir: string, worker?: string): Promise<BenchResult[]> {
  const opened: number[] = [];
  const first = new Map<string, number[]>(SECTIONS.map(([name]) => [name, []]));
  const cached = new Map<string, number>();
  for (let round_ = 0; round_ < STARTS; round_++) {
    for (const [name, answer] of SECTIONS) {
      const start = performance.now();
      const core = profileCore(dataDir, NOWHERE, worker);
      try {
        await core.ready;
        const ready = performance.now();
        opened.push(ready - start);
        const fromCache = await answer(core);
        first.get(name)?.push(performance.now() - ready);
        if (fromCache) cached.set(name, (cached.get(name) ?? 0) + 1);
      } finally {
        await core.close();
      }
    }
  }
  const p = (s: number[], q: number): number => percentile(s, q);
  const files = await fileRows(dataDir);
  return [
    {
      name: 'cold start: databases opened, checked and migrated, p95',
      unit: 'ms',
      value: p(opened, 95),
      budget: null,
      note: `p50 ${String(round(p(opened, 50)))} ms over ${String(opened.length)} starts (the library's full check: quick_check, its schema, every record and index; the cache opened and its schema read, its quick_check left for later, off the main thread; migrations; session restored)`,
    },
    ...files,
    ...SECTIONS.map(([name]): BenchResult => {
      const samples = first.get(name) ?? [];
      return {
        name: `cold start: first answer for ${name}, p95`,
        unit: 'ms',
        value: p(samples, 95),
        budget: FIRST_ANSWER_BUDGET_MS,
        note: `p50 ${String(round(p(samples, 50)))} ms over ${String(samples.length)} starts; ${String(cached.get(name) ?? 0)} answered from Marquee's own data; each from a new core in this process (the OS file cache and the JIT are warm)`,
      };
    }),
  ];
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BUNDLE = path.join(HERE, '..', 'out', 'main', 'index.js');
const BUNDLE_BUDGET_MS = 300;
const BUNDLE_STARTS = 5;

/** What bench/heavy-bundle.mjs prints, in ms: wall and this process's CPU time. */
interface BundleTimes {
  loadedMs: number;
  windowMs: number;
  loadedCpuMs: number;
  windowCpuMs: number;
}

/** One probe in a new plain Node process (bench/heavy-bundle.mjs): nothing loaded, as at launch. */
function probeApart(dataDir: string): Promise<BundleTimes> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(HERE, 'heavy-bundle.mjs'), BUNDLE], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        MARQUEE_DATA_DIR: dataDir,
        MARQUEE_LOG_LEVEL: 'error',
        TMDB_API_BASE: NOWHERE.apiBase,
        TMDB_IMAGE_BASE: NOWHERE.imageBase,
        TMDB_ACCESS_TOKEN: 'bench-token',
      },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('bundle '));
      if (code !== 0 || !line) reject(new Error(`the bundle probe failed (exit ${String(code)})`));
      else resolve(JSON.parse(line.slice('bundle '.length)) as BundleTimes);
    });
  });
}

/**
 * The built main bundle loaded and ready, in plain Node: `electron` is a stand-in (ready at
 * once), so Electron's own start-up is not in it. Ready is the main window made and
 * its page asked for; the databases keep opening after that, as in the app.
 */
export async function bundleRows(dataDir: string): Promise<BenchResult[]> {
  const name = 'cold start: built main bundle loaded and ready, p95';
  if (!fs.existsSync(BUNDLE))
    return [
      {
        name,
        unit: 'ms',
        value: Number.NaN,
        budget: null,
        note: 'not measured: out/main/index.js is not built (npm run build); goal ≤ 300 ms',
      },
    ];
  const runs: BundleTimes[] = [];
  for (let i = 0; i < BUNDLE_STARTS; i++) runs.push(await probeApart(dataDir));
  const ready = runs.map((r) => r.windowMs);
  const loaded = runs.map((r) => r.loadedMs);
  const size = round(fs.statSync(BUNDLE).size / 1e6, 2);
  const p50 = (values: number[]): string => String(round(percentile(values, 50)));
  const cpu = `CPU time p50 ${p50(runs.map((r) => r.loadedCpuMs))} ms loaded, ${p50(runs.map((r) => r.windowCpuMs))} ms to the window`;
  return [
    {
      name,
      unit: 'ms',
      value: percentile(ready, 95),
      budget: BUNDLE_BUDGET_MS,
      note: `p50 ${p50(ready)} ms over ${String(runs.length)} new processes; the module loaded (imported and evaluated) p50 ${p50(loaded)} ms; ${cpu}; the window is made once createCore returns, which opens no database itself (they open on the next turn); out/main/index.js ${String(size)} MB; plain Node with a stand-in for electron, ready at once (Electron's own start-up not included), so a floor for the app's figure`,
    },
  ];
}
