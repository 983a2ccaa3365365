import type Database from 'better-sqlite3';
import { insertPlay, upsertEpisode } from '../../db/testing/library-rows';
import { tempTracking, type TempTracking } from '../../tracking/testing/temp-tracking';
import { createStats, type Stats } from '../stats';
import { createStatsStore, type StatsStore } from '../store';
import type { PersonFact, TitleFacts } from '../store/facts';

export interface TempStats extends TempTracking {
  store: StatsStore;
  stats: Stats;
  filling: { now: boolean };
}

/** A migrated library in a temporary folder with the stats over it (clock and zone settable). */
export function tempStats(options: { now?: number; timeZone?: string } = {}): TempStats {
  const temp = tempTracking(options) as TempStats;
  temp.store = createStatsStore(temp.db);
  temp.filling = { now: false };
  temp.stats = createStats({
    store: temp.store,
    clock: () => temp.clock.now,
    timeZone: () => temp.zone.name,
    filling: () => temp.filling.now,
  });
  return temp;
}

let uid = 0;

/** Adds a play directly (as an import would), `at` in ms or null for an unknown date. */
export function addPlay(
  db: Database.Database,
  play:
    | { movie: number; at: number | null }
    | { series: number; season: number; episode: number; at: number | null },
): void {
  const uidOf = `test-play-${String(++uid)}`;
  if ('movie' in play) insertPlay(db, uidOf, 'movie', play.movie, play.at);
  else insertPlay(db, uidOf, 'episode', play.series, play.at, play.season, play.episode);
}

/** Stores an episode as a series refresh would, with its runtime (null: unknown). */
export function addEpisode(
  db: Database.Database,
  series: number,
  season: number,
  episode: number,
  runtime: number | null,
): void {
  upsertEpisode(
    db,
    series,
    season,
    episode,
    runtime,
    `Episode ${String(season)}x${String(episode)}`,
  );
}

/** The user's rating of a title, as the library mirror holds it. */
export function rate(
  db: Database.Database,
  mediaType: 'movie' | 'tv',
  id: number,
  rating: number,
): void {
  db.prepare(
    "INSERT OR REPLACE INTO collection_entries (collection, media_type, media_id, rating, added_at) VALUES ('rated', ?, ?, ?, 1)",
  ).run(mediaType, id, rating);
}

const person = (id: number, name = `Person ${String(id)}`): PersonFact => ({
  id,
  name,
  profilePath: `/p${String(id)}.jpg`,
});

/** Facts with sensible defaults; override what a test is about. */
export function facts(
  mediaType: 'movie' | 'tv',
  id: number,
  overrides: Partial<Omit<TitleFacts, 'mediaType' | 'id' | 'cast' | 'directors'>> & {
    cast?: number[];
    directors?: number[];
  } = {},
): TitleFacts {
  const { cast, directors, ...rest } = overrides;
  return {
    mediaType,
    id,
    title: `${mediaType === 'movie' ? 'Film' : 'Series'} ${String(id)}`,
    posterPath: `/poster-${String(id)}.jpg`,
    releaseDate: '2001-05-04',
    runtime: mediaType === 'movie' ? 100 : 45,
    language: 'en',
    voteAverage: 7,
    voteCount: 100,
    genres: [{ id: 18, name: 'Drama' }],
    countries: ['US'],
    ...rest,
    cast: (cast ?? []).map((p) => person(p)),
    directors: (directors ?? []).map((p) => person(p)),
  };
}
