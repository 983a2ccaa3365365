import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { connect } from '../src-main/db/connection';
import { CACHE_FILE, LIBRARY_FILE } from '../src-main/db/databases';
import { createFactsStore } from '../src-main/stats/store/facts';
import { itemBody, putBody } from '../src-main/picks/testing/picks-fixture';

/**
 * A large history for the picks: `titles` titles (a fifth of them series), `plays` plays over six
 * years, a sixth of the titles rated, every title's facts kept, and every title's details cached
 * with 20 recommendations (or similar titles) from a pool four times its size, whose own
 * details are cached for a quarter of them. A small generator of its own, seeded: the same
 * profile every run.
 */
export interface PicksProfile {
  titles: number;
  plays: number;
}

const DAY = 86_400_000;

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function seedPicksProfile(
  library: Database.Database,
  cache: Database.Database,
  profile: PicksProfile,
  now: number,
): void {
  const rand = random(2026);
  const pick = (n: number): number => Math.floor(rand() * n);
  const kindOf = (id: number): 'movie' | 'tv' => (id % 5 === 0 ? 'tv' : 'movie');
  const play = library.prepare(
    "INSERT INTO watch_plays (uid, media_type, media_id, season_number, episode_number, watched_at, source, created_at) VALUES (?, ?, ?, ?, ?, ?, 'marquee', 1)",
  );
  const rate = library.prepare(
    "INSERT OR REPLACE INTO collection_entries (collection, media_type, media_id, rating, added_at) VALUES ('rated', ?, ?, ?, 1)",
  );
  const facts = createFactsStore(library);
  library.transaction(() => {
    for (let n = 0; n < profile.plays; n++) {
      // Every title once, then the rest spread with a long tail (rewatches, series' episodes).
      const id = 1 + (n < profile.titles ? n : Math.floor(profile.titles * rand() ** 2));
      const kind = kindOf(id);
      const at = now - pick(6 * 365) * DAY - pick(DAY);
      if (kind === 'movie') play.run(`b${String(n)}`, 'movie', id, -1, -1, at);
      else play.run(`b${String(n)}`, 'episode', id, 1 + pick(5), 1 + pick(20), at);
    }
    for (let id = 1; id <= profile.titles; id++) {
      if (id % 6 === 0) rate.run(kindOf(id), id, 1 + pick(10));
      facts.save(
        {
          mediaType: kindOf(id),
          id,
          title: `Title ${String(id)}`,
          posterPath: null,
          releaseDate: `${String(1960 + pick(65))}-0${String(1 + pick(9))}-1${String(pick(9))}`,
          runtime: 100,
          language: 'en',
          voteAverage: 7,
          voteCount: 100,
          genres: [
            { id: 10 + pick(18), name: 'G' },
            { id: 10 + pick(18), name: 'G' },
          ],
          countries: ['US'],
          cast: [1, 2, 3, 4].map(() => ({ id: 1 + pick(4000), name: 'C', profilePath: null })),
          directors: [{ id: 5000 + pick(1500), name: 'D', profilePath: null }],
        },
        now,
      );
    }
  })();

  const pool = profile.titles * 4;
  const candidate = (): number => profile.titles + 1 + pick(pool);
  const details = (kind: 'movie' | 'tv', id: number, list: number[]): unknown => ({
    id,
    [kind === 'movie' ? 'title' : 'name']: `Title ${String(id)}`,
    overview: 'An overview of a few words, as details carry.',
    credits: {
      cast: [1, 2, 3, 4, 5, 6].map((order) => ({ id: 1 + pick(4000), name: 'C', order })),
      crew: [{ id: 5000 + pick(1500), name: 'D', job: 'Director' }],
    },
    [kind === 'movie' ? 'recommendations' : 'similar']: {
      page: 1,
      total_pages: 1,
      results: list.map((c) =>
        itemBody(
          {
            id: c,
            kind,
            genres: [10 + pick(18), 10 + pick(18)],
            date: `${String(1960 + pick(65))}-05-05`,
            vote: 4 + pick(6),
            votes: pick(5000),
          },
          kind,
        ),
      ),
    },
  });
  const key = (kind: string, id: number): string =>
    `GET /3/${kind}/${String(id)}?append_to_response=credits%2Crecommendations&language=en-US @account=none`;
  cache.transaction(() => {
    for (let id = 1; id <= profile.titles; id++) {
      const kind = kindOf(id);
      const list = Array.from({ length: 20 }, candidate);
      putBody(cache, key(kind, id), details(kind, id, list), now - DAY, 'account:none');
    }
    for (let id = profile.titles + 1; id <= profile.titles + pool; id += 4) {
      putBody(cache, key('movie', id), details('movie', id, []), now - DAY, 'account:none');
    }
  })();
}

/**
 * Run as a script (`picks-seed.ts <dir> <titles> <plays> <now>`), it seeds the migrated files in
 * `dir`: the benchmark seeds in a process of its own, so the garbage of writing 30 MB of
 * responses is not collected on the thread whose stalls it measures.
 */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = '', titles = '0', plays = '0', now = '0'] = process.argv.slice(2);
  const library = connect(path.join(dir, LIBRARY_FILE), 'library');
  const cache = connect(path.join(dir, CACHE_FILE), 'cache');
  seedPicksProfile(library, cache, { titles: Number(titles), plays: Number(plays) }, Number(now));
  library.close();
  cache.close();
}
