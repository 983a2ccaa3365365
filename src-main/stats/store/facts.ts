import type Database from 'better-sqlite3';

export type TitleKind = 'movie' | 'tv';

/** One number per title: films even, series odd (TMDB ids are far below 2^52). */
export const titleKey = (kind: TitleKind, id: number): number => id * 2 + (kind === 'tv' ? 1 : 0);

/**
 * The titles whose facts this store wrote since they were last read into memory (keys from
 * {@link titleKey}): the aggregates read those again, not every title.
 */
export interface FactsChanges {
  readonly titles: Set<number>;
}

export interface PersonFact {
  id: number;
  name: string;
  profilePath: string | null;
}

/** What the stats keep about one watched title (see migration 005). */
export interface TitleFacts {
  mediaType: TitleKind;
  id: number;
  title: string | null;
  posterPath: string | null;
  /** Release date, or first air date for a series; null when unknown. */
  releaseDate: string | null;
  /** Minutes: the film's runtime, or a series' typical episode runtime. */
  runtime: number | null;
  language: string | null;
  voteAverage: number | null;
  voteCount: number | null;
  genres: ReadonlyArray<{ id: number; name: string }>;
  countries: readonly string[];
  /** Top-billed first. */
  cast: readonly PersonFact[];
  /** Directors of a film, creators of a series. */
  directors: readonly PersonFact[];
}

export interface TitleRef {
  mediaType: TitleKind;
  id: number;
}

export interface FactsStore {
  /** Stores a title's facts, replacing what was kept (one transaction). */
  save(facts: TitleFacts, at: number): void;
  /** TMDB answered 404: remembered, never asked again (the history keeps counting it). */
  markGone(ref: TitleRef, at: number): void;
  /** Another failure: retried later, each time waiting longer. */
  markFailed(ref: TitleRef, at: number, error: string): void;
  /**
   * Watched titles whose facts are missing and due (never tried, or their wait is over), those
   * watched most recently first.
   */
  due(now: number, limit: number): TitleRef[];
  /** Whether Marquee already holds this title's facts (or knows it is gone). */
  known(ref: TitleRef): boolean;
  /** All watched titles, those still lacking facts, and those TMDB no longer has. */
  coverage(): { titles: number; missing: number; gone: number };
}

/** After the n-th failure a title waits min(2^n minutes, a day) before the next try. */
export function retryWaitMs(attempts: number): number {
  return Math.min(2 ** Math.min(attempts, 20) * 60_000, 86_400_000);
}

const text = (value: string | null, max: number): string | null =>
  value === null ? null : value.slice(0, max);

export function createFactsStore(
  db: Database.Database,
  changes: FactsChanges = { titles: new Set() },
): FactsStore {
  const upsert = db.prepare(`
    INSERT INTO title_facts (media_type, media_id, title, poster_path, release_date, runtime,
      original_language, vote_average, vote_count, fetched_at, attempted_at, attempts, error, gone)
    VALUES (@mediaType, @id, @title, @posterPath, @releaseDate, @runtime, @language, @voteAverage,
      @voteCount, @at, @at, 0, NULL, 0)
    ON CONFLICT (media_type, media_id) DO UPDATE SET
      title = excluded.title, poster_path = excluded.poster_path,
      release_date = excluded.release_date, runtime = excluded.runtime,
      original_language = excluded.original_language, vote_average = excluded.vote_average,
      vote_count = excluded.vote_count, fetched_at = excluded.fetched_at,
      attempted_at = excluded.attempted_at, attempts = 0, error = NULL, gone = 0`);
  const clearGenres = db.prepare('DELETE FROM title_genres WHERE media_type = ? AND media_id = ?');
  // The same genre twice (TMDB repeats itself now and then): a name beats an empty one.
  const addGenre = db.prepare(`
    INSERT INTO title_genres (media_type, media_id, genre_id, name) VALUES (?, ?, ?, ?)
    ON CONFLICT (media_type, media_id, genre_id) DO UPDATE SET name = excluded.name
    WHERE excluded.name != ''`);
  const clearCountries = db.prepare(
    'DELETE FROM title_countries WHERE media_type = ? AND media_id = ?',
  );
  const addCountry = db.prepare(
    'INSERT OR IGNORE INTO title_countries (media_type, media_id, country) VALUES (?, ?, ?)',
  );
  const clearPeople = db.prepare('DELETE FROM title_people WHERE media_type = ? AND media_id = ?');
  const addPerson = db.prepare(
    'INSERT OR IGNORE INTO title_people (media_type, media_id, role, person_id, billing) VALUES (?, ?, ?, ?, ?)',
  );
  const upsertPerson = db.prepare(`
    INSERT INTO people_facts (person_id, name, profile_path) VALUES (?, ?, ?)
    ON CONFLICT (person_id) DO UPDATE SET name = excluded.name,
      profile_path = coalesce(excluded.profile_path, people_facts.profile_path)`);
  const gone = db.prepare(`
    INSERT INTO title_facts (media_type, media_id, attempted_at, attempts, gone)
    VALUES (?, ?, ?, 1, 1)
    ON CONFLICT (media_type, media_id) DO UPDATE SET
      attempted_at = excluded.attempted_at, attempts = attempts + 1, gone = 1, error = NULL`);
  const failed = db.prepare(`
    INSERT INTO title_facts (media_type, media_id, attempted_at, attempts, error)
    VALUES (?, ?, ?, 1, ?)
    ON CONFLICT (media_type, media_id) DO UPDATE SET
      attempted_at = excluded.attempted_at, attempts = attempts + 1, error = excluded.error`);
  // Watched titles (films, and series through their episodes) lacking facts, latest watch first.
  const dueQuery = db.prepare(`
    SELECT w.kind AS mediaType, w.media_id AS id, f.attempted_at AS attemptedAt,
      coalesce(f.attempts, 0) AS attempts
    FROM (
      SELECT CASE media_type WHEN 'movie' THEN 'movie' ELSE 'tv' END AS kind, media_id,
        max(coalesce(watched_at, 0)) AS last_at
      FROM watch_plays GROUP BY media_type, media_id
    ) w
    LEFT JOIN title_facts f ON f.media_type = w.kind AND f.media_id = w.media_id
    WHERE f.media_id IS NULL OR (f.fetched_at IS NULL AND f.gone = 0)
    ORDER BY w.last_at DESC, w.kind, w.media_id`);
  const knownQuery = db
    .prepare(
      'SELECT 1 FROM title_facts WHERE media_type = ? AND media_id = ? AND (fetched_at IS NOT NULL OR gone = 1)',
    )
    .pluck();

  const coverageQuery = db.prepare(`
    SELECT count(*) AS titles,
      coalesce(sum(f.media_id IS NULL OR (f.fetched_at IS NULL AND f.gone = 0)), 0) AS missing,
      coalesce(sum(f.gone = 1), 0) AS gone
    FROM (SELECT DISTINCT media_type, media_id FROM watch_plays) w
    LEFT JOIN title_facts f
      ON f.media_type = (CASE w.media_type WHEN 'movie' THEN 'movie' ELSE 'tv' END)
      AND f.media_id = w.media_id`);

  const save = db.transaction((facts: TitleFacts, at: number) => {
    const kind = facts.mediaType;
    upsert.run({
      mediaType: kind,
      id: facts.id,
      title: text(facts.title, 500),
      posterPath: text(facts.posterPath, 200),
      releaseDate:
        facts.releaseDate && /^\d{4}-\d{2}-\d{2}$/.test(facts.releaseDate)
          ? facts.releaseDate
          : null,
      runtime:
        facts.runtime !== null && Number.isFinite(facts.runtime) && facts.runtime > 0
          ? Math.min(Math.round(facts.runtime), 100_000)
          : null,
      language:
        facts.language && /^[a-z]{2,3}$/i.test(facts.language)
          ? facts.language.toLowerCase()
          : null,
      voteAverage:
        facts.voteAverage !== null && Number.isFinite(facts.voteAverage)
          ? Math.min(Math.max(facts.voteAverage, 0), 10)
          : null,
      voteCount:
        facts.voteCount !== null && Number.isFinite(facts.voteCount)
          ? Math.max(0, Math.round(facts.voteCount))
          : null,
      at,
    });
    clearGenres.run(kind, facts.id);
    for (const genre of facts.genres) {
      if (!Number.isInteger(genre.id)) continue;
      addGenre.run(kind, facts.id, genre.id, text(genre.name, 100) ?? '');
    }
    clearCountries.run(kind, facts.id);
    for (const country of facts.countries) {
      if (/^[A-Z]{2}$/i.test(country)) addCountry.run(kind, facts.id, country.toUpperCase());
    }
    clearPeople.run(kind, facts.id);
    const person = (role: 'cast' | 'director', list: readonly PersonFact[]): void => {
      list.forEach((p, billing) => {
        if (!Number.isInteger(p.id) || p.id <= 0) return;
        addPerson.run(kind, facts.id, role, p.id, billing);
        upsertPerson.run(p.id, text(p.name, 300) ?? '', text(p.profilePath, 200));
      });
    };
    person('cast', facts.cast);
    person('director', facts.directors);
  });

  return {
    save: (facts, at) => {
      changes.titles.add(titleKey(facts.mediaType, facts.id));
      save(facts, at);
    },
    markGone: (ref, at) => {
      changes.titles.add(titleKey(ref.mediaType, ref.id));
      gone.run(ref.mediaType, ref.id, at);
    },
    markFailed: (ref, at, error) => {
      failed.run(ref.mediaType, ref.id, at, error.slice(0, 300));
    },
    due(now, limit) {
      const out: TitleRef[] = [];
      for (const row of dueQuery.iterate() as Iterable<{
        mediaType: TitleKind;
        id: number;
        attemptedAt: number | null;
        attempts: number;
      }>) {
        if (row.attemptedAt !== null && now - row.attemptedAt < retryWaitMs(row.attempts)) continue;
        out.push({ mediaType: row.mediaType, id: row.id });
        if (out.length >= limit) break;
      }
      return out;
    },
    known: (ref) => knownQuery.get(ref.mediaType, ref.id) !== undefined,
    coverage: () => coverageQuery.get() as { titles: number; missing: number; gone: number },
  };
}
