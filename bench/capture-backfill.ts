import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { LARGE_SEASON_LENGTH, largeIds, largeLibrary, largeShape } from '../catalogue';
import { silentLogger } from '../src-main/base/log';
import type { BackfillProgressView } from '../src-main/capture/capture-types';
import { createCaptureService } from '../src-main/capture/capture-service';
import { jellyfinConnector } from '../src-main/capture/clients/jellyfin';
import { createResolver, type FindAnswer, type FindById } from '../src-main/capture/resolve';
import { createCaptureStore } from '../src-main/capture/store';
import { createChangePath, type ChangePath } from '../src-main/changes/change-path';
import { createChangeStore } from '../src-main/changes/store/changes';
import { memoryStore } from '../src-main/credentials';
import { connect } from '../src-main/db/connection';
import { migrate } from '../src-main/db/migrate';
import { libraryMigrations } from '../src-main/db/migrations/library';
import { RequestLimiter } from '../src-main/tmdb/limiter';
import { DEFAULTS } from '../src-main/tmdb/table-client';
import { createTrackingStore } from '../src-main/tracking/store';
import { createTrackingService } from '../src-main/tracking/tracking-service';
import { measureStall } from './stall';
import { round, type BenchResult } from './stats';

/** A TMDB round trip as seen from a home connection. */
const LATENCY_MS = 60;
const NOW = Date.UTC(2026, 10, 1, 12);
const PER_SERIES = 50;

/** Series TMDB numbers in absolute order (one season), unlike the server: each episode is asked. */
const absolute = (s: number): boolean => s % 200 === 7;
/** Films and series Marquee already matched (an earlier import or webhook). */
const filmKnown = (i: number): boolean => i % 10 === 1;
const seriesKnown = (s: number): boolean => s % 3 === 0;

const empty = (): FindAnswer => ({ movies: [], episodes: [], series: [] });

/** TMDB's find over the large library's ids: 1 film in 100 without a TMDB id is unknown. */
function findTable(): Map<string, FindAnswer> {
  const table = new Map<string, FindAnswer>();
  const library = largeLibrary();
  library.films.forEach((_, i) => {
    if (i % 100 !== 99)
      table.set(`imdb_id:${largeIds.filmImdb(i)}`, { ...empty(), movies: [largeIds.filmTmdb(i)] });
  });
  library.series.forEach((_, s) => {
    const series = { ...empty(), series: [largeIds.seriesTmdb(s)] };
    table.set(`imdb_id:${largeIds.seriesImdb(s)}`, series);
    table.set(`tvdb_id:${largeIds.seriesTvdb(s)}`, series);
    for (let n = 0; n < PER_SERIES; n++) {
      const i = s * PER_SERIES + n;
      const episode = absolute(s)
        ? { showId: largeIds.seriesTmdb(s), season: 1, episode: n + 1 }
        : {
            showId: largeIds.seriesTmdb(s),
            season: Math.floor(n / LARGE_SEASON_LENGTH) + 1,
            episode: (n % LARGE_SEASON_LENGTH) + 1,
          };
      const answer = { ...empty(), episodes: [episode] };
      table.set(`imdb_id:${largeIds.episodeImdb(i)}`, answer);
      table.set(`tvdb_id:${largeIds.episodeTvdb(i)}`, answer);
    }
  });
  return table;
}

/**
 * The ids that need a request: films known only by IMDb and series only by TheTVDB or IMDb, less
 * those already matched; one episode per season (does TMDB number it as the server does?); and
 * every other episode of a season TMDB numbers otherwise (in absolute order, all but the first).
 */
function lookupsNeeded(films: number, series: number): number {
  const seasons = PER_SERIES / LARGE_SEASON_LENGTH;
  let n = 0;
  for (let i = 0; i < films; i++) if (!largeShape.filmHasTmdb(i) && !filmKnown(i)) n += 1;
  for (let s = 0; s < series; s++) {
    if (largeShape.seriesIds(s) !== 'tmdb' && !seriesKnown(s)) n += 1;
    n += absolute(s) ? 1 + (seasons - 1) * LARGE_SEASON_LENGTH : seasons;
  }
  return n;
}

/** TMDB's find behind the client's own limiter (rate and concurrency), counting its requests. */
function limitedFind(table: Map<string, FindAnswer>): FindById & { asked: string[] } {
  const limiter = new RequestLimiter({
    maxConcurrency: DEFAULTS.maxConcurrency,
    ratePerSecond: DEFAULTS.ratePerSecond,
    clock: () => performance.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  const asked: string[] = [];
  const find = async (source: 'imdb_id' | 'tvdb_id', id: string): Promise<FindAnswer> => {
    const release = await limiter.acquire();
    try {
      asked.push(`${source}:${id}`);
      await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
      return table.get(`${source}:${id}`) ?? empty();
    } finally {
      release();
    }
  };
  return Object.assign(find, { asked });
}

async function startStandIn(): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL('./capture-stand-in.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    lines.close();
    return { url: (JSON.parse(line) as { url: string }).url, child };
  }
  throw new Error('the Jellyfin stand-in did not start');
}

/**
 * A first backfill of a heavy watcher's Jellyfin (2,000 films and 400 series of 50 episodes, all
 * played, served by the stand-in in its own process) into an empty library, through the real
 * Jellyfin client, resolver, tracking service and change path, with TMDB's find answering after
 * a round trip behind the TMDB client's limiter. Measured: the wall time against the floor the
 * rate sets for the ids that need a request, the requests against those ids, and the longest
 * time the event loop could not answer.
 */
export async function runBackfillBenchmarks(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-backfill-'));
  const db = connect(path.join(dir, 'library.db'), 'library');
  const { url, child } = await startStandIn();
  try {
    migrate(db, libraryMigrations);
    const clock = (): number => NOW;
    const store = createTrackingStore(db);
    const changes = timedTransactions(createChangePath({ store: createChangeStore(db), clock }));
    const tracking = createTrackingService({
      store,
      changes,
      tmdb: { request: () => Promise.reject(new Error('offline')) },
      clock,
      timeZone: () => 'UTC',
      region: () => 'US',
      timers: { every: () => () => undefined },
      online: () => false,
      onOnline: () => () => undefined,
      log: silentLogger,
      emit: { inbox: () => undefined, refresh: () => undefined, changed: () => undefined },
    });
    const captureStore = createCaptureStore(db);
    const table = findTable();
    // What an earlier import or webhook already matched, in the library's id memory.
    const earlier = createResolver({
      find: (source, id) => Promise.resolve(table.get(`${source}:${id}`) ?? empty()),
      ids: captureStore.ids,
      clock,
    });
    const library = largeLibrary();
    const knownIds: string[] = [];
    for (const [i, film] of library.films.entries()) {
      if (largeShape.filmHasTmdb(i) || !filmKnown(i)) continue;
      knownIds.push(`imdb_id:${film.imdb}`);
      await earlier.resolve({ media: 'movie', ids: { imdb: film.imdb }, ...noNumbers });
    }
    for (const [s, series] of library.series.entries()) {
      if (largeShape.seriesIds(s) === 'tmdb' || !seriesKnown(s)) continue;
      const ids = series.imdb ? { imdb: series.imdb } : { tvdb: series.tvdb };
      knownIds.push(series.imdb ? `imdb_id:${series.imdb}` : `tvdb_id:${series.tvdb}`);
      await earlier.resolve({ media: 'episode', ids: {}, seriesIds: ids, ...firstEpisode });
    }
    const find = limitedFind(table);
    let last: BackfillProgressView | null = null;
    const capture = createCaptureService({
      store: captureStore,
      tracking,
      changes,
      resolver: createResolver({ find, ids: captureStore.ids, clock }),
      credentials: memoryStore('bench'),
      connectors: { jellyfin: jellyfinConnector },
      connectorDeps: { fetch, clock, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
      clock,
      timeZone: () => 'UTC',
      online: () => false,
      demo: false,
      log: silentLogger,
      emit: {
        changed: () => undefined,
        backfill: (p) => {
          last = p;
        },
      },
    });
    const view = await capture.addServer({
      kind: 'jellyfin',
      url,
      auth: { kind: 'password', username: 'alice', password: 'alice-password' },
    });
    const alice = view.accounts.find((a) => a.name === 'alice');
    if (!alice) throw new Error('the stand-in has no alice');
    await capture.updateServer(view.id, { chosenAccounts: [alice.id] });
    const backfill = async (): Promise<void> => {
      await capture.backfill(view.id);
      await capture.idle();
    };

    const needed = lookupsNeeded(library.films.length, library.series.length);
    const floorMs = (needed / DEFAULTS.ratePerSecond) * 1000;
    changes.times.length = 0;
    const own = ownCpuInGaps();
    const first = await measureStall(backfill);
    const firstOwn = own.stop();
    const slowest = [...changes.times].sort((a, b) => b.wallMs - a.wallMs);
    const over = slowest.filter((t) => t.wallMs >= 50);
    const median = slowest[Math.floor(slowest.length / 2)];
    const firstProgress = last as BackfillProgressView | null;
    const requests = find.asked.length;
    const distinct = new Set(find.asked).size;
    const knownAsked = knownIds.filter((id) => find.asked.includes(id)).length;
    const again = await measureStall(backfill);
    // The same wait with nothing to do: what this machine's other work alone costs the loop.
    const idle = await measureStall(() => new Promise((resolve) => setTimeout(resolve, 5_000)));
    const againRequests = find.asked.length - requests;
    tracking.close();
    await capture.close();

    const p = firstProgress;
    const outcome = p
      ? `${String(p.added)} plays added, ${String(p.review)} to review, ${String(p.failed)} failed of ${String(p.total)} read`
      : 'no progress reported';
    return [
      {
        name: 'capture: backfill of 20,000 episodes and 2,000 films, wall time over the TMDB rate floor',
        unit: 'ratio',
        value: first.totalMs / floorMs,
        budget: 1.1,
        note: `${String(round(first.totalMs / 1000, 1))} s for ${String(needed)} ids needing a find at ${String(DEFAULTS.ratePerSecond)}/s (floor ${String(round(floorMs / 1000, 1))} s), ${String(LATENCY_MS)} ms a round trip; ${outcome}`,
      },
      {
        name: 'capture: backfill, TMDB requests per id that needs one',
        unit: 'ratio',
        value: requests / needed,
        budget: 1,
        note: `${String(requests)} requests (${String(distinct)} distinct) for ${String(needed)} ids; ${String(knownIds.length)} ids already known, ${String(knownAsked)} of them asked; a second backfill: ${String(againRequests)} requests, ${String(round(again.totalMs / 1000, 1))} s`,
      },
      {
        name: 'capture: backfill, longest main-thread stall',
        unit: 'ms',
        value: Math.max(first.longestMs, again.longestMs),
        budget: 50,
        note: `first run ${String(round(first.longestMs, 1))} ms (${String(first.longTasks)} gaps of 50 ms or more; the most CPU the process spent in one gap: ${String(round(firstOwn.maxCpuMs, 1))} ms, in a gap of ${String(round(firstOwn.gapMs, 1))} ms); its ${String(slowest.length)} transactions: median ${ms(median)}, slowest ${slowest.slice(0, 3).map(ms).join(', ')}, ${String(over.length)} of 50 ms or more (${String(over.filter((t) => t.cpuMs < t.wallMs / 2).length)} of them mostly waiting, not computing); second run ${String(round(again.longestMs, 1))} ms; 5 s of doing nothing on this machine: ${String(round(idle.longestMs, 1))} ms (${String(idle.longTasks)}); load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      },
    ];
  } finally {
    child.stdin?.end();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Beside `measureStall`: the CPU the process itself spent within each gap of a 1 ms timer chain,
 * and the largest. A gap far longer than its CPU is time the process waited for the processor
 * (other work on the machine) or the disk, not time it computed.
 */
function ownCpuInGaps(): { stop(): { maxCpuMs: number; gapMs: number } } {
  let last = performance.now();
  let cpu = process.cpuUsage();
  let max = { maxCpuMs: 0, gapMs: 0 };
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    if (cpuMs > max.maxCpuMs) max = { maxCpuMs: cpuMs, gapMs: now - last };
    last = now;
    cpu = process.cpuUsage();
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return {
    stop() {
      clearTimeout(timer);
      return max;
    },
  };
}

/** Wall and CPU time of one outermost transaction. */
interface TransactionTime {
  wallMs: number;
  cpuMs: number;
}

const ms = (t: TransactionTime | undefined): string =>
  t ? `${String(round(t.wallMs, 1))} ms (CPU ${String(round(t.cpuMs, 1))})` : '–';

/**
 * The change path with each outermost transaction timed: its wall time, and the CPU the process
 * spent meanwhile. A transaction much longer than its CPU waited on the disk or for the processor.
 */
function timedTransactions(changes: ChangePath): ChangePath & { times: TransactionTime[] } {
  const times: TransactionTime[] = [];
  let depth = 0;
  const write = <T>(fn: () => T): T => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    depth += 1;
    try {
      return changes.write(fn);
    } finally {
      depth -= 1;
      if (depth === 0) {
        const used = process.cpuUsage(cpu);
        times.push({
          wallMs: performance.now() - start,
          cpuMs: (used.user + used.system) / 1000,
        });
      }
    }
  };
  return { ...changes, write, times };
}

const noNumbers = { title: null, season: null, episode: null };
const firstEpisode = { title: null, season: 1, episode: 1 };
