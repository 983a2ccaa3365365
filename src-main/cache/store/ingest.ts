import type Database from 'better-sqlite3';
import { extractRecords, type IngestContext } from '../extract';
import { extractStreamHints, type StreamHint } from '../extract-discover';
import { extractProviders, type TitleOffers } from '../extract-providers';
import { createAvailabilityWrite, createHintWrite } from './availability-ingest';
import type { EpisodeRecord, Extracted, PersonRecord, SeasonRecord, TitleRecord } from '../records';

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
function upsertSql(
  table: string,
  keys: readonly string[],
  columns: readonly string[],
  rows = 1,
): string {
  const all = [...keys, ...columns, 'seen_at'];
  const updates = columns.map((c) =>
    c === 'detail_level'
      ? 'detail_level = max(detail_level, excluded.detail_level)'
      : `${c} = CASE WHEN excluded.detail_level >= detail_level THEN coalesce(excluded.${c}, ${c}) ELSE coalesce(${c}, excluded.${c}) END`,
  );
  const row = `(${all.map(() => '?').join(', ')})`;
  return `INSERT INTO ${table} (${all.join(', ')}) VALUES ${Array.from({ length: rows }, () => row).join(', ')}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${[...updates, 'seen_at = excluded.seen_at'].join(', ')}`;
}

const TITLE_COLUMNS = [
  'title',
  'original_title',
  'overview',
  'poster_path',
  'backdrop_path',
  'date',
  'original_language',
  'genre_ids',
  'popularity',
  'vote_average',
  'vote_count',
  'adult',
  'detail_level',
] as const;
const PERSON_COLUMNS = [
  'name',
  'original_name',
  'also_known_as',
  'known_for_department',
  'profile_path',
  'popularity',
  'gender',
  'adult',
  'detail_level',
] as const;
const SEASON_COLUMNS = [
  'id',
  'name',
  'overview',
  'poster_path',
  'air_date',
  'episode_count',
  'vote_average',
  'detail_level',
] as const;
const EPISODE_COLUMNS = [
  'id',
  'name',
  'overview',
  'still_path',
  'air_date',
  'runtime',
  'vote_average',
  'vote_count',
  'detail_level',
] as const;

export type Ingest = (body: unknown, context?: IngestContext) => IngestCounts;

const BATCH = 50;

/**
 * Upserts records of one table with one statement per batch of rows (multi-row VALUES), each
 * statement prepared once per batch size and reused. Why: FTS5 writes out what the triggers gave
 * it at each statement boundary of a transaction, so one statement per row cost several index
 * writes per page. Measured on a page of 20 (CPU time): an unchanged page 0.25 -> 0.20 ms, p95
 * of new pages 1.6 -> 1.3 ms.
 */
function batchUpsert<R extends object>(
  db: Database.Database,
  table: string,
  keys: readonly (keyof R & string)[],
  columns: readonly (keyof R & string)[],
): (records: readonly R[], seenAt: number) => void {
  const statements = new Map<number, Database.Statement>();
  const statementFor = (rows: number): Database.Statement => {
    let statement = statements.get(rows);
    if (!statement) {
      statement = db.prepare(upsertSql(table, keys, columns, rows));
      statements.set(rows, statement);
    }
    return statement;
  };
  const fields = [...keys, ...columns];
  return (records, seenAt) => {
    for (let start = 0; start < records.length; start += BATCH) {
      const chunk = records.slice(start, start + BATCH);
      const params: unknown[] = [];
      for (const record of chunk) {
        for (const field of fields) params.push(record[field]);
        params.push(seenAt);
      }
      statementFor(chunk.length).run(params);
    }
  };
}

/**
 * Builds the ingest function: every record a response carries, and the watch providers of a
 * title, is upserted in one transaction with prepared statements (a page of 20 results is well under a millisecond). The search index
 * is rewritten by triggers only where a name or the popularity bucket changed.
 */
export function createIngest(db: Database.Database, clock: () => number): Ingest {
  const titles = batchUpsert<TitleRecord>(db, 'titles', ['kind', 'id'], TITLE_COLUMNS);
  const people = batchUpsert<PersonRecord>(db, 'people', ['id'], PERSON_COLUMNS);
  const seasons = batchUpsert<SeasonRecord>(
    db,
    'seasons',
    ['series_id', 'season_number'],
    SEASON_COLUMNS,
  );
  const episodes = batchUpsert<EpisodeRecord>(
    db,
    'episodes',
    ['series_id', 'season_number', 'episode_number'],
    EPISODE_COLUMNS,
  );

  const availability = createAvailabilityWrite(db);
  const hinted = createHintWrite(db);

  const write = db.transaction(
    (records: Extracted, offers: TitleOffers | null, hints: StreamHint[], seenAt: number) => {
      titles(records.titles, seenAt);
      people(records.people, seenAt);
      seasons(records.seasons, seenAt);
      episodes(records.episodes, seenAt);
      // Where the title streams, when the response says (cache migration 005).
      if (offers) availability(offers, seenAt);
      // Where a filtered discover page's titles stream, as far as it says (migration 006).
      if (hints.length > 0) hinted(hints, seenAt);
    },
  );

  return (body, context) => {
    const records = extractRecords(body, context);
    const hints = extractStreamHints(body, context?.mediaType, context?.streams);
    write(records, extractProviders(body, context), hints, clock());
    return {
      titles: records.titles.length,
      people: records.people.length,
      seasons: records.seasons.length,
      episodes: records.episodes.length,
    };
  };
}
