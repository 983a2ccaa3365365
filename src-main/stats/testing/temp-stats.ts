import type Database from 'better-sqlite3';
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
  const isMovie = 'movie' in play;
  db.prepare(
    "INSERT INTO watch_plays (uid, media_type, media_id, season_number, episode_number, watched_at, source, created_at) VALUES (?, ?, ?, ?, ?, ?, 'marquee', 1)",
  ).run(
    `test-play-${String(++uid)}`,
    isMovie ? 'movie' : 'episode',
    isMovie ? play.movie : play.series,
    isMovie ? -1 : play.season,
    isMovie ? -1 : play.episode,
    play.at,
  );
}

/** Stores an episode as a series refresh would, with its runtime (null: unknown). */
export function addEpisode(
  db: Database.Database,
  series: number,
  season: number,
  episode: number,
  runtime: number | null,
): void {
  db.prepare(
    'INSERT OR REPLACE INTO series_episodes (series_id, season_number, episode_number, name, runtime) VALUES (?, ?, ?, ?, ?)',
  ).run(series, season, episode, `Episode ${String(season)}x${String(episode)}`, runtime);
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
