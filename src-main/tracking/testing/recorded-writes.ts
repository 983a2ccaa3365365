import Database from 'better-sqlite3';
import {
  contract,
  type ChannelInput,
  type ChannelOutput,
  type TrackingChannel,
} from '../../../src-shared/ipc/contract';
import type { HandlerInput } from '../../../src-shared/ipc/handlers';
import { silentLogger } from '../../base/log';
import { trackingHandlers } from '../../ipc/handlers/tracking';
import type { TmdbClient } from '../../tmdb/types';
import { createTrackingStore } from '../store';
import { createTrackingService, type TrackingService } from '../tracking-service';
import { FakeSource } from './fake-source';
import { seriesSnapshot, tempTracking, type TempTracking } from './temp-tracking';

export const NOW = Date.UTC(2025, 2, 10, 12);
export const SERIES = 5;
export const FILM = 550;

/** A `tracking.changed` as the service sent it, and what a second connection saw right then. */
export interface Announced {
  seriesIds: number[];
  movieIds: number[];
  changes: string[];
  /** Every change it names is readable by another connection: committed. */
  committed: boolean;
  /** The other connection reads the same tracking data as the writer. */
  sameAsWriter: boolean;
}

export interface RecordedWrites {
  t: TempTracking;
  service: TrackingService;
  /**
   * Calls a tracking channel's IPC handler as the window does: the input parsed by the contract,
   * and the reply checked against it.
   */
  call: <C extends TrackingChannel>(
    channel: C,
    input: ChannelInput<C>,
  ) => Promise<ChannelOutput<C>>;
  /** Every `tracking.changed` so far; tests empty it. */
  announced: Announced[];
  close(): Promise<void>;
}

export interface ChangeRow {
  id: string;
  kind: string;
  entity: string;
  data: string;
}

/** Everything the library holds of tracking data, read with plain SQL. */
export function storedTracking(db: Database.Database): unknown {
  return {
    plays: db.prepare('SELECT * FROM watch_plays ORDER BY uid').all(),
    series: db
      .prepare(
        `SELECT series_id, follow, include_specials, hidden, snoozed_until, play_count,
           last_watched_at FROM tracked_series ORDER BY series_id`,
      )
      .all(),
    inbox: db.prepare('SELECT dedupe_key, read_at FROM inbox ORDER BY dedupe_key').all(),
  };
}

export const changeRows = (db: Database.Database): ChangeRow[] =>
  db.prepare('SELECT id, kind, entity, data FROM changes ORDER BY seq').all() as ChangeRow[];

const noClient: TmdbClient = {
  request: () => Promise.reject(new Error('the fake source answers instead')),
};

/**
 * A tracking service over a library file in WAL, offline, with one series (two aired seasons),
 * two unread inbox items (an episode of the series, a release of a film), and a second, read-only
 * connection that looks at the file whenever a change is announced.
 */
export function recordedWrites(): RecordedWrites {
  const t = tempTracking({ now: NOW });
  const reader = new Database(t.file, { readonly: true });
  const visible = reader.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM changes WHERE id = ?',
  );
  const announced: Announced[] = [];
  const service = createTrackingService({
    store: createTrackingStore(t.db),
    changes: t.changes,
    tmdb: noClient,
    source: new FakeSource(),
    clock: () => t.clock.now,
    timeZone: () => 'UTC',
    region: () => 'US',
    timers: { every: () => () => undefined },
    online: () => false,
    onOnline: () => () => undefined,
    log: silentLogger,
    emit: {
      inbox: () => undefined,
      refresh: () => undefined,
      changed: (seriesIds, movieIds, changes) => {
        announced.push({
          seriesIds,
          movieIds,
          changes,
          committed: changes.every((id) => visible.get(id)?.n === 1),
          sameAsWriter:
            JSON.stringify(storedTracking(reader)) === JSON.stringify(storedTracking(t.db)),
        });
      },
    },
  });
  service.tracking.refresh.applySeries(
    seriesSnapshot(SERIES, [
      { season: 1, airDates: ['2025-01-01', '2025-01-08', '2025-01-15'] },
      { season: 2, airDates: ['2025-02-01', '2025-02-08'] },
    ]),
    true,
  );
  const item = { title: 'New', body: 'New', occurredAt: '2025-02-08' };
  createTrackingStore(t.db).inbox.add(
    [
      {
        ...item,
        dedupeKey: `episode:${SERIES}:2:2`,
        kind: 'episode',
        mediaId: SERIES,
        season: 2,
        episode: 2,
        releaseType: null,
      },
      {
        ...item,
        dedupeKey: `release:${FILM}:US:3`,
        kind: 'release',
        mediaId: FILM,
        season: null,
        episode: null,
        releaseType: 3,
      },
    ],
    NOW,
  );
  const handlers = trackingHandlers(() =>
    Promise.resolve({ tracking: service, libraryProblem: null }),
  );
  return {
    t,
    service,
    call: async (channel, input) => {
      const spec = contract[channel];
      const handler = handlers[channel] as (input: HandlerInput<typeof channel>) => unknown;
      const reply = await handler(spec.input.parse(input) as HandlerInput<typeof channel>);
      return spec.output.parse(reply) as ChannelOutput<typeof channel>;
    },
    announced,
    close: async () => {
      reader.close();
      service.close();
      await service.idle();
      t.cleanup();
    },
  };
}

/** Lets a change made inside someone else's transaction be announced (a few microtasks). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await Promise.resolve();
}
