import type Database from 'better-sqlite3';
import { extractRecords, type IngestContext } from './extract';
import type { Extracted } from './records';

export interface IngestCounts {
  titles: number;
  people: number;
  seasons: number;
  episodes: number;
}

/**
 * An upsert that keeps the richer row: a value is replaced only by a non-null one, and a row from
 * a less detailed response (a credit, a summary) only fills gaps in a more detailed one, never
 * overwrites it. Equal or richer responses bring their newer values.
 */
function upsertSql(table: string, keys: readonly string[], columns: readonly string[]): string {
  const all = [...keys, ...columns, 'seen_at'];
  const updates = columns.map((c) =>
    c === 'detail_level'
      ? 'detail_level = max(detail_level, excluded.detail_level)'
      : `${c} = CASE WHEN excluded.detail_level >= detail_level THEN coalesce(excluded.${c}, ${c}) ELSE coalesce(${c}, excluded.${c}) END`,
  );
  return `INSERT INTO ${table} (${all.join(', ')}) VALUES (${all.map((c) => `@${c}`).join(', ')})
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${[...updates, 'seen_at = excluded.seen_at'].join(', ')}`;
}

const TITLE_COLUMNS = [
  'title', 'original_title', 'overview', 'poster_path', 'backdrop_path', 'date', 'original_language',
  'genre_ids', 'popularity', 'vote_average', 'vote_count', 'adult', 'detail_level',
] as const;
const PERSON_COLUMNS = [
  'name', 'original_name', 'also_known_as', 'known_for_department', 'profile_path', 'popularity', 'gender',
  'adult', 'detail_level',
] as const;
const SEASON_COLUMNS = ['id', 'name', 'overview', 'poster_path', 'air_date', 'episode_count', 'vote_average', 'detail_level'] as const;
const EPISODE_COLUMNS = [
  'id', 'name', 'overview', 'still_path', 'air_date', 'runtime', 'vote_average', 'vote_count', 'detail_level',
] as const;

export type Ingest = (body: unknown, context?: IngestContext) => IngestCounts;

/**
 * Builds the ingest function: every record a response carries is upserted in one transaction
 * with prepared statements (a page of 20 results is well under a millisecond).
 */
export function createIngest(db: Database.Database, clock: () => number): Ingest {
  const title = db.prepare(upsertSql('titles', ['kind', 'id'], TITLE_COLUMNS));
  const person = db.prepare(upsertSql('people', ['id'], PERSON_COLUMNS));
  const season = db.prepare(upsertSql('seasons', ['series_id', 'season_number'], SEASON_COLUMNS));
  const episode = db.prepare(upsertSql('episodes', ['series_id', 'season_number', 'episode_number'], EPISODE_COLUMNS));

  const write = db.transaction((records: Extracted, seenAt: number) => {
    for (const r of records.titles) title.run({ ...r, seen_at: seenAt });
    for (const r of records.people) person.run({ ...r, seen_at: seenAt });
    for (const r of records.seasons) season.run({ ...r, seen_at: seenAt });
    for (const r of records.episodes) episode.run({ ...r, seen_at: seenAt });
  });

  return (body, context) => {
    const records = extractRecords(body, context);
    write(records, clock());
    return {
      titles: records.titles.length,
      people: records.people.length,
      seasons: records.seasons.length,
      episodes: records.episodes.length,
    };
  };
}
