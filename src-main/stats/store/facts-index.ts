import type Database from 'better-sqlite3';
import { titleKey, type FactsChanges, type TitleKind } from './facts';

/** What the stats know of one watched title; null fields while unknown. */
export interface TitleInfo {
  title: string | null;
  posterPath: string | null;
  releaseDate: string | null;
  language: string | null;
  voteAverage: number | null;
  voteCount: number | null;
  fetched: boolean;
  gone: boolean;
  genres: Array<{ id: number; name: string }>;
  countries: string[];
  /** Person ids. */
  cast: number[];
  directors: number[];
}

/**
 * Every watched title's facts, read in one go and kept in memory; a title whose facts are written
 * (the fill fetched it) is read again on its own. Keyed by {@link titleKey}.
 */
export type FactsIndex = ReadonlyMap<number, TitleInfo>;

/**
 * Reads the {@link FactsIndex}: every watched title's facts at the first call, then only the titles
 * written since (noted in `changes` by the facts store), or every title again past a few hundred.
 */
export function createFactsIndex(db: Database.Database, changes: FactsChanges): () => FactsIndex {
  // The facts are read as arrays, and people as one list per title and role: reading the 26,000
  // person rows of 2,400 titles one row each takes 17 ms, their lists 4 ms. Each statement reads
  // every title, or (`one`) a single title written since.
  const factStatements = (one: boolean) => {
    const where = (alias = ''): string =>
      one ? ` WHERE ${alias}media_type = @kind AND ${alias}media_id = @id` : '';
    return {
      facts: db
        .prepare(
          `SELECT media_type, media_id, title, poster_path, release_date, original_language,
            vote_average, vote_count, fetched_at IS NOT NULL, gone FROM title_facts${where()}`,
        )
        .raw(),
      genres: db
        .prepare(`SELECT media_type, media_id, genre_id, name FROM title_genres${where()}`)
        .raw(),
      countries: db
        .prepare(
          `SELECT media_type, media_id, group_concat(country, ' ') FROM title_countries${where()}
           GROUP BY media_type, media_id`,
        )
        .raw(),
      people: db
        .prepare(
          `SELECT media_type, media_id, role, group_concat(person_id, ' ') FROM title_people${where()}
           GROUP BY media_type, media_id, role`,
        )
        .raw(),
    };
  };
  const everyTitle = factStatements(false);
  const oneTitle = factStatements(true);
  /** Above this many titles written since, reading every title is quicker than each alone. */
  const REREAD_ALL = 200;
  let facts: Map<number, TitleInfo> | null = null;
  const readFacts = (
    index: Map<number, TitleInfo>,
    statements: ReturnType<typeof factStatements>,
    params: Record<string, unknown> = {},
  ): void => {
    const info = (kind: TitleKind, id: number): TitleInfo => {
      const key = titleKey(kind, id);
      let entry = index.get(key);
      if (!entry) {
        entry = {
          title: null,
          posterPath: null,
          releaseDate: null,
          language: null,
          voteAverage: null,
          voteCount: null,
          fetched: false,
          gone: false,
          genres: [],
          countries: [],
          cast: [],
          directors: [],
        };
        index.set(key, entry);
      }
      return entry;
    };
    type Fact = [
      TitleKind,
      number,
      string | null,
      string | null,
      string | null,
      string | null,
      number | null,
      number | null,
      number,
      number,
    ];
    for (const row of statements.facts.all(params) as Fact[]) {
      const entry = info(row[0], row[1]);
      entry.title = row[2];
      entry.posterPath = row[3];
      entry.releaseDate = row[4];
      entry.language = row[5];
      entry.voteAverage = row[6];
      entry.voteCount = row[7];
      entry.fetched = row[8] === 1;
      entry.gone = row[9] === 1;
    }
    for (const [kind, id, genre, name] of statements.genres.all(params) as Array<
      [TitleKind, number, number, string]
    >)
      info(kind, id).genres.push({ id: genre, name });
    for (const [kind, id, list] of statements.countries.all(params) as Array<
      [TitleKind, number, string]
    >)
      info(kind, id).countries = list.split(' ');
    for (const [kind, id, role, list] of statements.people.all(params) as Array<
      [TitleKind, number, 'cast' | 'director', string]
    >)
      info(kind, id)[role === 'cast' ? 'cast' : 'directors'] = list.split(' ').map(Number);
  };

  return () => {
    if (!facts || changes.titles.size > REREAD_ALL) {
      changes.titles.clear();
      facts = new Map();
      readFacts(facts, everyTitle);
      return facts;
    }
    for (const key of changes.titles) {
      facts.delete(key);
      const kind = key % 2 === 1 ? 'tv' : 'movie';
      readFacts(facts, oneTitle, { kind, id: (key - (kind === 'tv' ? 1 : 0)) / 2 });
    }
    changes.titles.clear();
    return facts;
  };
}
