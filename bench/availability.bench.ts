import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { TitleAvailability } from '../src-shared/ipc/contract/availability';
import { openDatabase } from '../src-main/db/open';
import { silentLogger } from '../src-main/base/log';
import { createDispatch } from '../src-main/ipc/guard';
import { availabilityHandlers } from '../src-main/ipc/handlers/availability';
import { echoHandlers } from '../src-main/ipc/testing/echo-handlers';
import { createAvailability } from '../src-main/services/availability';
import { createAvailabilityStore } from '../src-main/services/store/availability';
import { onMyServices, refKey, type TitleRef } from '../src-renderer/lib/on-mine';
import { percentile, round, type BenchResult } from './stats';

/**
 * "On my services" over a watchlist of 5,000 titles, against a cache whose availability index
 * holds 60,000 titles in four regions (about 24 offers each, 1.4 million rows), 4,000 of the
 * watchlist's titles known. Two answers are timed:
 *
 * - main: `services.availability` for the 5,000 titles, through the IPC guard (input and output
 *   validated), in five calls of 1,000 (the channel's bound), as the renderer asks them;
 * - renderer: the filter itself, once the answers are held (a toggle of "On my services").
 *
 * The user waits on the renderer's filter each time the toggle is pressed or the list changes;
 * the main answer is waited on once, when a list first shows (the marks need it anyway). Main
 * keeps the answers for titles it was asked about; its first answer for them is timed apart.
 */

const BUDGET_MS = 10;
const CACHE_TITLES = 60_000;
const WATCHLIST = 5_000;
const REGIONS = ['US', 'GB', 'FR', 'DE'];
const PROVIDERS = 40;
const MINE = [
  { id: 8, name: 'Netflix', logoPath: '/n.jpg' },
  { id: 9, name: 'Prime Video', logoPath: '/p.jpg' },
  { id: 337, name: 'Disney Plus', logoPath: '/d.jpg' },
  { id: 15, name: 'Hulu', logoPath: '/h.jpg' },
  { id: 11, name: 'MUBI', logoPath: null },
];

/** A fixed pseudo-random sequence: the same cache on every run. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

function seed(db: Database.Database): void {
  const random = rng(28);
  const seen = db.prepare('INSERT INTO availability_seen (kind, id, seen_at) VALUES (?, ?, 1)');
  const offer = db.prepare(
    `INSERT OR IGNORE INTO availability (kind, id, region, provider_id, offer, provider_name,
       logo_path, display_priority, seen_at) VALUES (?, ?, ?, ?, ?, ?, NULL, 1, 1)`,
  );
  const providerIds = [
    ...MINE.map((m) => m.id),
    ...Array.from({ length: PROVIDERS }, (_, i) => 100 + i),
  ];
  db.transaction(() => {
    for (let i = 1; i <= CACHE_TITLES; i += 1) {
      const kind = i % 3 === 0 ? 'tv' : 'movie';
      seen.run(kind, i);
      for (const region of REGIONS)
        for (let n = 0; n < 6; n += 1) {
          const provider = providerIds[Math.floor(random() * providerIds.length)] ?? 8;
          const kindOfOffer = random() < 0.7 ? 'flatrate' : random() < 0.5 ? 'free' : 'ads';
          offer.run(kind, i, region, provider, kindOfOffer, `Provider ${String(provider)}`);
        }
    }
  })();
}

function sample(fn: () => unknown, runs: number, warmup = 10): number[] {
  for (let i = 0; i < warmup; i += 1) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out;
}

async function sampleAsync(
  fn: () => Promise<unknown>,
  runs: number,
  warmup = 10,
): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out;
}

export async function runAvailabilityBenchmarks(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-availability-'));
  const opened = await openDatabase(path.join(dir, 'cache.db'), { kind: 'cache' });
  if (opened.status === 'unrecoverable') throw new Error(opened.reason);
  const db = opened.db;
  try {
    seed(db);
    const service = createAvailability({
      store: createAvailabilityStore(db),
      myServices: () => ({ region: 'GB', providers: MINE, includeFree: true }),
    });
    const dispatch = createDispatch(
      {
        ...echoHandlers(),
        ...availabilityHandlers(() => Promise.resolve({ availability: service })),
      },
      silentLogger,
    );
    // 4,000 titles of the cache, spread over it, and 1,000 never seen.
    const watchlist: TitleRef[] = Array.from({ length: WATCHLIST }, (_, i) => {
      const id = i < 4_000 ? 1 + i * 15 : CACHE_TITLES + i;
      return { mediaType: id % 3 === 0 ? 'tv' : 'movie', id };
    });
    const slices = Array.from({ length: WATCHLIST / 1000 }, (_, i) =>
      watchlist.slice(i * 1000, (i + 1) * 1000),
    );
    const trusted = { trusted: true, origin: 'bench' };
    const known = new Map<string, TitleAvailability>();
    const ask = async (): Promise<void> => {
      for (const items of slices) {
        const result = await dispatch('services.availability', { items }, trusted);
        if (!result.ok) throw new Error(result.error.message);
        for (const item of (result.value as { items: TitleAvailability[] }).items)
          known.set(refKey(item), item);
      }
    };
    const mainSamples = await sampleAsync(ask, 60);
    const storeSamples = sample(() => service.availability(watchlist), 60);
    // The first answer for these titles (of a run, or after my services change): read from SQLite.
    const coldSamples = sample(
      () => {
        createAvailability({
          store: createAvailabilityStore(db),
          myServices: () => ({ region: 'GB', providers: MINE, includeFree: true }),
        }).availability(watchlist);
      },
      10,
      2,
    );
    // The watchlist as the renderer holds it: library items, filtered by their availability.
    const items = watchlist.map((ref) => ({ mediaType: ref.mediaType, mediaId: ref.id }));
    let kept = 0;
    const filterSamples = sample(() => {
      kept = onMyServices(items, (i) => ({ mediaType: i.mediaType, id: i.mediaId }), known).length;
    }, 200);
    const p95 = (s: number[]): number => round(percentile(s, 95), 3);
    return [
      {
        name: 'on my services: main answer, 5,000 titles (5 calls through the guard), p95',
        unit: 'ms',
        value: p95(mainSamples),
        budget: BUDGET_MS,
        note: `index of ${String(CACHE_TITLES)} titles in ${String(REGIONS.length)} regions`,
      },
      {
        name: 'on my services: index lookup alone, 5,000 titles, p95',
        unit: 'ms',
        value: p95(storeSamples),
        budget: BUDGET_MS,
      },
      {
        name: 'on my services: first answer (titles read from the index), 5,000 titles, p95',
        unit: 'ms',
        value: p95(coldSamples),
        budget: null,
        note: 'once per run and per change of my services',
      },
      {
        name: 'on my services: renderer filter of 5,000 items (what a toggle waits on), p95',
        unit: 'ms',
        value: p95(filterSamples),
        budget: BUDGET_MS,
        note: `${String(kept)} of ${String(WATCHLIST)} kept`,
      },
    ];
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
