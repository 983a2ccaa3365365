import type Database from 'better-sqlite3';

/** Where a page of the history ends: its last play's place in the history's order. */
export interface HistoryCursor {
  watchedAt: number | null;
  createdAt: number;
  uid: string;
}

/** The places after a cursor, each one range of `plays_by_recency`, in the history's order. */
interface Part {
  sql: string;
  /** Whether the part follows a dated cursor (else an undated one). */
  dated: boolean;
}

// The history's order is watched_at DESC (unknown last), created_at DESC, uid: the order of the
// `plays_by_recency` index (library migration 017). The places after (w, c, u) are, in order:
// the same w and c with a greater uid, the same w with an earlier c, an earlier w, then the
// plays without a date. Each is one range of the index, so a page far down the history seeks to
// its place instead of stepping over every play before it, as an OFFSET does.
const PARTS: readonly Part[] = [
  {
    sql: 'watched_at = @w AND created_at = @c AND uid > @u ORDER BY uid',
    dated: true,
  },
  {
    sql: 'watched_at = @w AND created_at < @c ORDER BY created_at DESC, uid',
    dated: true,
  },
  {
    sql: 'watched_at < @w ORDER BY watched_at DESC, created_at DESC, uid',
    dated: true,
  },
  {
    sql: 'watched_at IS NULL AND created_at = @c AND uid > @u ORDER BY uid',
    dated: false,
  },
  {
    sql: 'watched_at IS NULL AND created_at < @c ORDER BY created_at DESC, uid',
    dated: false,
  },
  {
    sql: 'watched_at IS NULL ORDER BY created_at DESC, uid',
    dated: true,
  },
];

/**
 * Up to `limit` plays right after `cursor` in the history's order (newest first, unknown dates
 * last), of one media type when asked. Rows are returned as read (`SELECT *`).
 */
export function createHistoryPages<Row>(
  db: Database.Database,
): (cursor: HistoryCursor, limit: number, mediaType?: 'movie' | 'episode') => Row[] {
  const statements = new Map<string, Database.Statement<Record<string, unknown>, Row>>();
  const statement = (
    part: Part,
    typed: boolean,
  ): Database.Statement<Record<string, unknown>, Row> => {
    const [where, order] = part.sql.split(' ORDER BY ');
    const sql = `SELECT * FROM watch_plays INDEXED BY plays_by_recency
      WHERE ${where ?? ''}${typed ? ' AND media_type = @t' : ''} ORDER BY ${order ?? ''} LIMIT @n`;
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = db.prepare<Record<string, unknown>, Row>(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  };
  return (cursor, limit, mediaType) => {
    const dated = cursor.watchedAt !== null;
    const rows: Row[] = [];
    for (const part of PARTS) {
      if (rows.length >= limit) break;
      if (part.dated !== dated) continue;
      const args: Record<string, unknown> = { n: limit - rows.length };
      if (part.sql.includes('@w')) args.w = cursor.watchedAt;
      if (part.sql.includes('@c')) args.c = cursor.createdAt;
      if (part.sql.includes('@u')) args.u = cursor.uid;
      if (mediaType !== undefined) args.t = mediaType;
      for (const row of statement(part, mediaType !== undefined).all(args)) rows.push(row);
    }
    return rows;
  };
}
