/**
 * A heavy watcher's library for the stats benchmarks: 50,000 watch events spread over five years
 * (films and episodes, rewatches, some titles without facts, runtimes or languages), the same on
 * every run.
 */
import type Database from 'better-sqlite3';
import { createStatsStore } from '../src-main/stats/store';

export const NOW = Date.UTC(2025, 10, 20, 12);
export const ZONE = 'Europe/Paris';
export const EVENTS = 50_000;
const FILMS = 2_000;
export const SERIES = 400;
const PEOPLE = 6_000;
export const DAY = 86_400_000;

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The library's size and span; the defaults are the stats benchmarks' library. */
export interface StatsLibraryShape {
  events: number;
  films: number;
  series: number;
  years: number;
  /** The PRNG's seed: the same seed and shape give the same rows. */
  seed: number;
}

export function seedStatsLibrary(
  db: Database.Database,
  shape: Partial<StatsLibraryShape> = {},
): { films: number; episodes: number } {
  const { events, films, series, years, seed } = {
    events: EVENTS,
    films: FILMS,
    series: SERIES,
    years: 5,
    seed: 11,
    ...shape,
  };
  const random = prng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
  const store = createStatsStore(db);
  const genres = [18, 35, 28, 53, 80, 10749, 878, 16, 99, 27, 14, 10751, 36, 10752];
  const langs = ['en', 'en', 'en', 'fr', 'ja', 'ko', 'es', 'de', 'it', 'sv', 'hi'];
  const countries = ['US', 'GB', 'FR', 'JP', 'KR', 'ES', 'DE', 'IT', 'SE', 'IN', 'CA'];
  const person = (): { id: number; name: string; profilePath: string } => {
    // Popular people recur: a skewed draw.
    const id = 1 + Math.floor(random() ** 2 * PEOPLE);
    return { id, name: `Person ${String(id)}`, profilePath: `/p${String(id)}.jpg` };
  };
  const facts = (kind: 'movie' | 'tv', id: number): void => {
    // 3% still missing, 1% gone: the fill has not caught up.
    const roll = random();
    if (roll < 0.01) {
      store.facts.markGone({ mediaType: kind, id }, 1);
      return;
    }
    if (roll < 0.04) return;
    store.facts.save(
      {
        mediaType: kind,
        id,
        title: `${kind} ${String(id)}`,
        posterPath: `/poster${String(id)}.jpg`,
        releaseDate:
          random() < 0.03
            ? null
            : `${String(int(1940, 2025))}-0${String(int(1, 9))}-1${String(int(0, 9))}`,
        runtime: random() < 0.05 ? null : kind === 'movie' ? int(75, 190) : int(22, 60),
        language: random() < 0.03 ? null : (langs[int(0, langs.length - 1)] ?? 'en'),
        voteAverage: random() * 4 + 5,
        voteCount: int(0, 20_000),
        genres: Array.from(
          { length: int(0, 3) },
          () => genres[int(0, genres.length - 1)] ?? 18,
        ).map((g) => ({ id: g, name: `Genre ${String(g)}` })),
        countries: Array.from(
          { length: int(0, 2) },
          () => countries[int(0, countries.length - 1)] ?? 'US',
        ),
        cast: Array.from({ length: 10 }, person),
        directors: Array.from({ length: int(1, 2) }, person),
      },
      1,
    );
  };
  const play = db.prepare(
    "INSERT INTO watch_plays (uid, media_type, media_id, season_number, episode_number, watched_at, source, created_at) VALUES (?, ?, ?, ?, ?, ?, 'marquee', 1)",
  );
  const episode = db.prepare(
    'INSERT INTO series_episodes (series_id, season_number, episode_number, name, runtime) VALUES (?, ?, ?, ?, ?)',
  );
  const rate = db.prepare(
    "INSERT INTO collection_entries (collection, media_type, media_id, rating, added_at) VALUES ('rated', ?, ?, ?, 1)",
  );
  const start = NOW - years * 365 * DAY;
  const when = (): number | null =>
    random() < 0.01 ? null : start + Math.floor(random() * (NOW - start));
  let n = 0;
  let episodes = 0;
  db.transaction(() => {
    for (let f = 1; f <= films; f++) {
      facts('movie', f);
      if (random() < 0.3) rate.run('movie', f, int(1, 20) / 2);
    }
    const seriesEpisodes: Array<Array<[number, number]>> = [];
    for (let s = 1; s <= series; s++) {
      const id = 100_000 + s;
      facts('tv', id);
      if (random() < 0.3) rate.run('tv', id, int(1, 20) / 2);
      const list: Array<[number, number]> = [];
      for (let season = 1, seasons = int(1, 8); season <= seasons; season++) {
        for (let e = 1, count = int(6, 22); e <= count; e++) {
          episode.run(id, season, e, `Episode ${String(e)}`, random() < 0.1 ? null : int(20, 65));
          list.push([season, e]);
          episodes += 1;
        }
      }
      seriesEpisodes.push(list);
    }
    // A fifth films (a quarter of them rewatched at some point), the rest episodes.
    for (; n < events * 0.2; n++) play.run(uid(n), 'movie', int(1, films), -1, -1, when());
    for (; n < events; n++) {
      const s = Math.floor(random() ** 1.5 * series);
      const list = seriesEpisodes[s] ?? [];
      const [season, e] = list[int(0, list.length - 1)] ?? [1, 1];
      play.run(uid(n), 'episode', 100_001 + s, season, e, when());
    }
  })();
  return { films, episodes };
}

/** Plays carry UUIDs, as Marquee makes them: they widen every index entry, so they count. */
function uid(n: number): string {
  const hex = (v: number, width: number): string => (v >>> 0).toString(16).padStart(width, '0');
  return `${hex(Math.imul(n, 2654435761), 8)}-${hex(n >>> 16, 4)}-4${hex(n, 3).slice(-3)}-8${hex(Math.imul(n, 40503), 3).slice(-3)}-${hex(Math.imul(n, 97), 8)}${hex(n, 4).slice(-4)}`;
}
