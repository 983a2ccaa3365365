import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TitleWatchProviders } from '../src-shared/tmdb/schemas/watchProviders';
import { silentLogger } from '../src-main/base/log';
import { createChangePath } from '../src-main/changes/change-path';
import { createPreferences } from '../src-main/changes/preferences';
import { createChangeStore } from '../src-main/changes/store/changes';
import { createPreferenceStore } from '../src-main/changes/store/preferences';
import { connect } from '../src-main/db/connection';
import { migrate } from '../src-main/db/migrate';
import { libraryMigrations } from '../src-main/db/migrations/library';
import type { ProviderSource } from '../src-main/services/refresh';
import { createServices } from '../src-main/services/services';
import { createArrivalStore } from '../src-main/services/store/arrivals';
import { RequestLimiter } from '../src-main/tmdb/limiter';
import { DEFAULTS } from '../src-main/tmdb/table-client';
import { createInboxStore } from '../src-main/tracking/store/inbox';
import { round, type BenchResult } from './stats';

/** A TMDB round trip as seen from a home connection. */
const LATENCY_MS = 60;
const NOW = Date.UTC(2026, 10, 1, 12);
const DAY = 86_400_000;
const TITLES = 2_000;

/** What TMDB answers for a title: on Netflix in the US on odd days for one title in ten. */
function providersOf(id: number, day: number): TitleWatchProviders {
  const on = id % 10 === 0 && day % 2 === 1;
  const netflix = {
    provider_id: 8,
    provider_name: 'Netflix',
    logo_path: null,
    display_priority: 0,
  };
  const rent = { provider_id: 2, provider_name: 'Apple TV', logo_path: null, display_priority: 1 };
  return {
    id,
    results: {
      US: {
        link: 'https://www.themoviedb.org/',
        rent: [rent],
        ...(on ? { flatrate: [netflix] } : {}),
      },
      GB: { link: 'https://www.themoviedb.org/', flatrate: [netflix] },
    },
  };
}

/** TMDB's provider endpoint behind the client's own limiter (rate and concurrency), counting. */
function limitedSource(clock: () => number): ProviderSource & { asked: string[] } {
  const limiter = new RequestLimiter({
    maxConcurrency: DEFAULTS.maxConcurrency,
    ratePerSecond: DEFAULTS.ratePerSecond,
    clock: () => performance.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  const asked: string[] = [];
  const source: ProviderSource = async (mediaType, id) => {
    const release = await limiter.acquire();
    try {
      asked.push(`${mediaType}:${String(id)}`);
      await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
      return providersOf(id, Math.floor(clock() / DAY));
    } finally {
      release();
    }
  };
  return Object.assign(source, { asked });
}

/**
 * The provider refresh of 2,000 watchlisted titles (films and series, half of them new) after my
 * services are first chosen: one request per title, each a round trip behind the TMDB client's
 * limiter. Measured: the wall time against the rate limit's floor, and requests per title.
 */
export async function runServicesBenchmarks(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-services-'));
  const db = connect(path.join(dir, 'library.db'), 'library');
  try {
    migrate(db, libraryMigrations);
    const clock = { now: NOW };
    const insert = db.prepare(
      `INSERT INTO collection_entries (collection, media_type, media_id, added_at)
       VALUES ('watchlist', ?, ?, 1)`,
    );
    const summary = db.prepare(
      `INSERT INTO item_summaries (media_type, media_id, title, release_date, updated_at)
       VALUES (?, ?, ?, ?, 1)`,
    );
    db.transaction(() => {
      for (let id = 1; id <= TITLES; id++) {
        const mediaType = id % 2 ? 'movie' : 'tv';
        insert.run(mediaType, id);
        summary.run(mediaType, id, `Title ${String(id)}`, id % 4 < 2 ? '2026-10-01' : '1994-09-23');
      }
    })();
    const changes = createChangePath({ store: createChangeStore(db), clock: () => clock.now });
    const inbox = createInboxStore(db);
    const source = limitedSource(() => clock.now);
    let arrivals = 0;
    const services = createServices({
      preferences: createPreferences({
        store: createPreferenceStore(db),
        changes,
        clock: () => clock.now,
      }),
      changes,
      store: createArrivalStore(db),
      source,
      clock: () => clock.now,
      today: () => new Date(clock.now).toISOString().slice(0, 10),
      addInbox: (items, now) => inbox.add(items, now),
      onArrivals: (items) => {
        arrivals += items.length;
      },
      suggestedRegion: () => 'US',
      online: () => true,
      emit: () => undefined,
      log: silentLogger,
      concurrency: DEFAULTS.maxConcurrency,
    });
    const started = performance.now();
    services.set({
      region: 'US',
      providers: [{ id: 8, name: 'Netflix', logoPath: null }],
      includeFree: false,
    });
    await services.idle();
    const wallMs = performance.now() - started;
    const requests = source.asked.length;
    const distinct = new Set(source.asked).size;
    const floorMs = (TITLES / DEFAULTS.ratePerSecond) * 1000;
    const summaryTitles = services.state().summary?.titles ?? -1;
    // A day later: only the new titles are due, and those now on Netflix arrive once.
    clock.now += DAY;
    const before = source.asked.length;
    await services.refresh();
    const dayLater = source.asked.length - before;
    services.close();
    return [
      {
        name: 'services: provider refresh of 2,000 watchlisted titles, wall time over the TMDB rate floor',
        unit: 'ratio',
        value: wallMs / floorMs,
        budget: 1.1,
        note: `${String(round(wallMs / 1000, 1))} s for ${String(TITLES)} titles at ${String(DEFAULTS.ratePerSecond)}/s (floor ${String(round(floorMs / 1000, 1))} s), ${String(LATENCY_MS)} ms a round trip; summary ${String(summaryTitles)} on my services`,
      },
      {
        name: 'services: provider refresh, TMDB requests per watchlisted title',
        unit: 'ratio',
        value: requests / TITLES,
        budget: 1,
        note: `${String(requests)} requests, ${String(distinct)} distinct; a day later ${String(dayLater)} (the new titles), ${String(arrivals)} arrivals`,
      },
    ];
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
