import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '../src-main/base/log';
import { createCaptureService } from '../src-main/capture/capture-service';
import { createResolver } from '../src-main/capture/resolve';
import { createCaptureStore } from '../src-main/capture/store';
import type { CaptureEvent } from '../src-main/capture/types';
import { createChangePath } from '../src-main/changes/change-path';
import { createChangeStore } from '../src-main/changes/store/changes';
import { memoryStore } from '../src-main/credentials';
import { connect } from '../src-main/db/connection';
import { migrate } from '../src-main/db/migrate';
import { libraryMigrations } from '../src-main/db/migrations/library';
import { createTrackingStore } from '../src-main/tracking/store';
import { createTrackingService } from '../src-main/tracking/tracking-service';
import { runBackfillBenchmarks } from './capture-backfill';
import { percentile, round, type BenchResult } from './stats';
import { seedLibrary } from './tracking-seed';

const NOW = Date.UTC(2025, 2, 10, 12);

/**
 * A media server's announcement of a finished episode, from the receive path to the play stored
 * (through the tracking service and the change path, with its capture link) and the series' Up
 * Next read again, over a heavy watcher's library (300 series, 15,000 episodes watched).
 */
async function runWebhookBenchmark(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-capture-'));
  const db = connect(path.join(dir, 'library.db'), 'library');
  try {
    migrate(db, libraryMigrations);
    const clock = (): number => NOW;
    const store = createTrackingStore(db);
    const changes = createChangePath({ store: createChangeStore(db), clock });
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
    seedLibrary(tracking.tracking, store, { now: NOW, seriesCount: 300, watchedTarget: 15_000 });
    const captureStore = createCaptureStore(db);
    const capture = createCaptureService({
      store: captureStore,
      tracking,
      changes,
      resolver: createResolver({
        find: () => Promise.reject(new Error('every event names its series')),
        ids: captureStore.ids,
        clock,
      }),
      credentials: memoryStore('bench'),
      connectors: {},
      connectorDeps: { fetch, clock, sleep: () => Promise.resolve() },
      clock,
      timeZone: () => 'UTC',
      online: () => false,
      demo: true,
      log: silentLogger,
      emit: { changed: () => undefined, backfill: () => undefined },
    });
    const items = tracking.tracking.upNext({ limit: 500 });
    const samples: number[] = [];
    let n = 0;
    for (let round_ = 0; round_ < 3; round_++) {
      for (const item of tracking.tracking.upNext({ limit: 500 })) {
        const { seriesId } = item.progress;
        const event: CaptureEvent = {
          server: 'jellyfin',
          serverId: 'demo-server',
          account: 'demo',
          accountName: 'Demo',
          kind: 'stop',
          itemKey: `bench-${String(n++)}`,
          media: 'episode',
          ids: {},
          seriesIds: { tmdb: String(seriesId) },
          title: null,
          year: null,
          season: item.episode.season,
          episode: item.episode.episode,
          progress: 0.97,
          completed: true,
          at: NOW - n * 1000,
        };
        const start = process.hrtime.bigint();
        const outcome = await capture.receive(event);
        tracking.tracking.upNextFor(seriesId);
        samples.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (outcome.kind !== 'added') throw new Error(`expected a play, got ${outcome.kind}`);
      }
    }
    tracking.close();
    await capture.close();
    return [
      {
        name: 'capture: webhook event → play stored and Up Next updated, p95',
        unit: 'ms',
        value: percentile(samples.slice(20), 95),
        budget: 20,
        note: `${String(samples.length)} events over ${String(items.length)} series; p50 ${String(
          round(percentile(samples, 50)),
        )} ms`,
      },
    ];
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The webhook path, then a first backfill of a large library (capture-backfill.ts). */
export async function runCaptureBenchmarks(): Promise<BenchResult[]> {
  return [...(await runWebhookBenchmark()), ...(await runBackfillBenchmarks())];
}
