import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { connect } from '../../db/connection';
import { CACHE_FILE, LIBRARY_FILE } from '../../db/databases';
import { migrate } from '../../db/migrate';
import { cacheMigrations } from '../../db/migrations/cache';
import { libraryMigrations } from '../../db/migrations/library';
import { createFactsStore, type TitleFacts } from '../../stats/store/facts';
import type { Kind } from '../types';

/** A migrated library and cache in a temporary folder, with writers of what the picks read. */
export interface PicksFixture {
  dir: string;
  library: Database.Database;
  cache: Database.Database;
  libraryFile: string;
  cacheFile: string;
  cleanup(): void;
}

export function picksFixture(): PicksFixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-picks-'));
  const libraryFile = path.join(dir, LIBRARY_FILE);
  const cacheFile = path.join(dir, CACHE_FILE);
  const library = connect(libraryFile, 'library');
  migrate(library, libraryMigrations);
  const cache = connect(cacheFile, 'cache');
  migrate(cache, cacheMigrations);
  return {
    dir,
    library,
    cache,
    libraryFile,
    cacheFile,
    cleanup() {
      library.close();
      cache.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let uid = 0;

/** Plays of a film, or of episodes of a series (`episodes` distinct ones, `plays` in all). */
export function watch(
  db: Database.Database,
  kind: Kind,
  id: number,
  at: number | null,
  times = 1,
  episodes = 1,
): void {
  const insert = db.prepare(
    "INSERT INTO watch_plays (uid, media_type, media_id, season_number, episode_number, watched_at, source, created_at) VALUES (?, ?, ?, ?, ?, ?, 'marquee', 1)",
  );
  for (let n = 0; n < times; n++) {
    if (kind === 'movie') insert.run(`p${String(++uid)}`, 'movie', id, -1, -1, at);
    else insert.run(`p${String(++uid)}`, 'episode', id, 1, (n % episodes) + 1, at);
  }
}

export function rate(db: Database.Database, kind: Kind, id: number, rating: number): void {
  db.prepare(
    "INSERT OR REPLACE INTO collection_entries (collection, media_type, media_id, rating, added_at) VALUES ('rated', ?, ?, ?, 1)",
  ).run(kind, id, rating);
}

export function hideSeries(db: Database.Database, id: number): void {
  db.prepare(
    'INSERT INTO tracked_series (series_id, hidden, name, created_at, updated_at) VALUES (?, 1, ?, 1, 1)',
  ).run(id, `Series ${String(id)}`);
}

/** A watched title's facts, as the stats' fill stores them. */
export function saveFacts(
  db: Database.Database,
  kind: Kind,
  id: number,
  facts: Partial<Omit<TitleFacts, 'mediaType' | 'id'>> = {},
): void {
  createFactsStore(db).save(
    {
      mediaType: kind,
      id,
      title: `${kind === 'movie' ? 'Film' : 'Series'} ${String(id)}`,
      posterPath: null,
      releaseDate: '2001-05-04',
      runtime: 100,
      language: 'en',
      voteAverage: 7,
      voteCount: 100,
      genres: [],
      countries: [],
      cast: [],
      directors: [],
      ...facts,
    },
    1,
  );
}

/** A list item as TMDB sends it. */
export interface Item {
  id: number;
  kind?: Kind;
  title?: string | null;
  genres?: number[];
  date?: string | null;
  vote?: number;
  votes?: number;
  poster?: string | null;
  adult?: boolean;
}

export function itemBody(item: Item, kind: Kind): Record<string, unknown> {
  const k = item.kind ?? kind;
  return {
    id: item.id,
    media_type: k,
    [k === 'movie' ? 'title' : 'name']:
      item.title === undefined
        ? `${k === 'movie' ? 'Film' : 'Series'} ${String(item.id)}`
        : item.title,
    poster_path: item.poster === undefined ? `/p${String(item.id)}.jpg` : item.poster,
    [k === 'movie' ? 'release_date' : 'first_air_date']:
      item.date === undefined ? '2010-01-01' : item.date,
    genre_ids: item.genres ?? [],
    vote_average: item.vote ?? 7,
    vote_count: item.votes ?? 500,
    popularity: 10,
    adult: item.adult ?? false,
  };
}

/**
 * A title's details in the cache with its recommendations (films) or similar titles (series)
 * appended, as its page stores them; or the standalone list endpoint.
 */
export function cacheLists(
  db: Database.Database,
  kind: Kind,
  id: number,
  items: Item[],
  options: {
    via?: 'details' | 'recommendations' | 'similar';
    people?: { cast?: number[]; directors?: number[] };
    at?: number;
  } = {},
): void {
  const via = options.via ?? 'details';
  const results = { page: 1, results: items.map((i) => itemBody(i, kind)), total_pages: 1 };
  const people = options.people ?? {};
  const credits = {
    cast: (people.cast ?? []).map((p, order) => ({ id: p, name: `P${String(p)}`, order })),
    crew: (people.directors ?? []).map((p) => ({ id: p, name: `D${String(p)}`, job: 'Director' })),
  };
  const body =
    via === 'details'
      ? {
          id,
          [kind === 'movie' ? 'title' : 'name']: `Title ${String(id)}`,
          credits,
          ...(kind === 'movie' ? { recommendations: results } : { similar: results }),
        }
      : results;
  // Details are kept per account, as the cache keys them; the lists are public.
  if (via === 'details')
    putBody(
      db,
      `GET /3/${kind}/${String(id)}?append_to_response=credits&language=en-US @account=none`,
      body,
      options.at ?? 1,
      'account:none',
    );
  else
    putBody(db, `GET /3/${kind}/${String(id)}/${via}?language=en-US&page=1`, body, options.at ?? 1);
}

export function putBody(
  db: Database.Database,
  key: string,
  body: unknown,
  at = 1,
  scope = '',
): void {
  db.prepare(
    `INSERT OR REPLACE INTO http_responses (key, scope, family, body, fetched_at) VALUES (?, ?, 'details', ?, ?)`,
  ).run(key, scope, typeof body === 'string' ? body : JSON.stringify(body), at);
}

/** A title in the cache's normalized table (what the popular fallback reads). */
export function cacheTitle(
  db: Database.Database,
  kind: Kind,
  id: number,
  popularity: number,
  title: string | null = `Popular ${String(id)}`,
): void {
  db.prepare(
    `INSERT OR REPLACE INTO titles (kind, id, title, poster_path, date, genre_ids, popularity,
       vote_average, vote_count, adult, detail_level, seen_at)
     VALUES (?, ?, ?, NULL, '2020-02-02', '[]', ?, 7, 100, 0, 1, 1)`,
  ).run(kind, id, title ?? '', popularity);
}
