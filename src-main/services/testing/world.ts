import Database from 'better-sqlite3';
import type { ServiceRef, ServicesState } from '../../../src-shared/ipc/contract/services';
import type { TitleWatchProviders } from '../../../src-shared/tmdb/schemas/watchProviders';
import { silentLogger } from '../../base/log';
import { createChangePath, type ChangePath } from '../../changes/change-path';
import { createPreferences } from '../../changes/preferences';
import { createChangeStore } from '../../changes/store/changes';
import { createPreferenceStore } from '../../changes/store/preferences';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import { createInboxStore, type InboxStore } from '../../tracking/store/inbox';
import type { InboxItem } from '../../tracking/types';
import { createServices, type ServicesService } from '../services';
import { createArrivalStore, type ArrivalStore, type MediaType } from '../store/arrivals';

export const T0 = Date.UTC(2026, 5, 1, 12);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const NETFLIX: ServiceRef = { id: 8, name: 'Netflix', logoPath: '/netflix.png' };
export const MAX: ServiceRef = { id: 1899, name: 'Max', logoPath: null };
export const TUBI: ServiceRef = { id: 73, name: 'Tubi', logoPath: null };

type Offers = Partial<Record<'flatrate' | 'free' | 'ads' | 'rent', number[]>>;

/** TMDB's answer for one title: `offers` by region. */
export function answer(byRegion: Record<string, Offers>): TitleWatchProviders {
  const results: TitleWatchProviders['results'] = {};
  for (const [region, offers] of Object.entries(byRegion)) {
    const list = (ids: number[] | undefined) =>
      ids?.map((id, i) => ({
        provider_id: id,
        provider_name: `Provider ${id}`,
        logo_path: null,
        display_priority: i,
      }));
    results[region] = {
      link: `https://www.themoviedb.org/watch?locale=${region}`,
      ...(offers.flatrate ? { flatrate: list(offers.flatrate) } : {}),
      ...(offers.free ? { free: list(offers.free) } : {}),
      ...(offers.ads ? { ads: list(offers.ads) } : {}),
      ...(offers.rent ? { rent: list(offers.rent) } : {}),
    };
  }
  return { results };
}

/** One computer's library with my services over it, a fake TMDB and a settable clock. */
export interface World {
  db: Database.Database;
  clock: { now: number };
  changes: ChangePath;
  store: ArrivalStore;
  inbox: InboxStore;
  services: ServicesService;
  /** What TMDB answers per title (`movie:603`); a title missing is answered with no offers. */
  tmdb: Map<string, TitleWatchProviders | 'gone' | Error>;
  requests: string[];
  announced: InboxItem[][];
  states: ServicesState[];
  watch(mediaType: MediaType, id: number, title?: string, releaseDate?: string): void;
  /** Starts Marquee again over the same library (a restart). */
  restart(): void;
  close(): void;
}

export function world(options: { online?: () => boolean; db?: Database.Database } = {}): World {
  const db = options.db ?? new Database(':memory:');
  if (!options.db) migrate(db, libraryMigrations);
  const clock = { now: T0 };
  const changes = createChangePath({ store: createChangeStore(db), clock: () => clock.now });
  const store = createArrivalStore(db);
  const inbox = createInboxStore(db);
  const tmdb = new Map<string, TitleWatchProviders | 'gone' | Error>();
  const requests: string[] = [];
  const announced: InboxItem[][] = [];
  const states: ServicesState[] = [];
  const make = (): ServicesService =>
    createServices({
      preferences: createPreferences({
        store: createPreferenceStore(db),
        changes,
        clock: () => clock.now,
      }),
      changes,
      store,
      source: (mediaType, id) => {
        const key = `${mediaType}:${id}`;
        requests.push(key);
        const found = tmdb.get(key) ?? { results: {} };
        return found instanceof Error ? Promise.reject(found) : Promise.resolve(found);
      },
      clock: () => clock.now,
      today: () => new Date(clock.now).toISOString().slice(0, 10),
      addInbox: (items, now) => inbox.add(items, now),
      onArrivals: (items) => announced.push(items),
      suggestedRegion: () => 'GB',
      online: options.online ?? (() => true),
      emit: (state) => states.push(state),
      log: silentLogger,
    });
  const w: World = {
    db,
    clock,
    changes,
    store,
    inbox,
    services: make(),
    tmdb,
    requests,
    announced,
    states,
    watch(mediaType, id, title, releaseDate) {
      db.prepare(
        `INSERT OR IGNORE INTO collection_entries (collection, media_type, media_id, added_at)
         VALUES ('watchlist', ?, ?, 1)`,
      ).run(mediaType, id);
      db.prepare(
        `INSERT OR REPLACE INTO item_summaries (media_type, media_id, title, release_date, updated_at)
         VALUES (?, ?, ?, ?, 1)`,
      ).run(mediaType, id, title ?? null, releaseDate ?? null);
    },
    restart() {
      w.services.close();
      w.services = make();
    },
    close() {
      w.services.close();
      db.close();
    },
  };
  return w;
}
