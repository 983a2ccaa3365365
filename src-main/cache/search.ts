import type Database from 'better-sqlite3';

export type SearchKind = 'movie' | 'tv' | 'person';

export interface LocalSearchOptions {
  kinds?: readonly SearchKind[];
  limit?: number;
  offset?: number;
}

export interface LocalSearchHit {
  kind: SearchKind;
  id: number;
  name: string;
  originalName: string | null;
  imagePath: string | null;
  date: string | null;
  popularity: number | null;
}

const KIND_CODE: Record<SearchKind, number> = { movie: 0, tv: 1, person: 2 };
const KINDS: readonly SearchKind[] = ['movie', 'tv', 'person'];
const MAX_LIMIT = 100;

/**
 * Turns what the user typed into an FTS5 query that cannot be misread as FTS syntax: every token
 * is double-quoted (quotes inside doubled), and the last one becomes a prefix query so results
 * appear while typing. Returns null when nothing searchable is left.
 */
export function toFtsQuery(input: string): string | null {
  const tokens = input
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .slice(0, 16);
  if (tokens.length === 0) return null;
  return tokens.map((t, i) => `"${t.replaceAll('"', '""')}"${i === tokens.length - 1 ? '*' : ''}`).join(' ');
}

/**
 * Offline search over every title and person the cache has seen. Ranked by bm25 (best text
 * match first), then by popularity, so among equally good matches the famous one comes first.
 */
export function createLocalSearch(db: Database.Database): (query: string, options?: LocalSearchOptions) => LocalSearchHit[] {
  const statements = new Map<string, Database.Statement>();
  const statementFor = (kinds: readonly SearchKind[]): Database.Statement => {
    const codes = [...new Set(kinds.map((k) => KIND_CODE[k]))].sort();
    const cacheKey = codes.join(',');
    let statement = statements.get(cacheKey);
    if (!statement) {
      statement = db.prepare(`
        WITH hits AS (
          SELECT rowid AS doc, bm25(search_fts) AS score FROM search_fts
          WHERE search_fts MATCH @query AND (rowid % 4) IN (${cacheKey})
        )
        SELECT
          CASE h.doc % 4 WHEN 0 THEN 'movie' WHEN 1 THEN 'tv' ELSE 'person' END AS kind,
          h.doc / 4 AS id,
          coalesce(t.title, p.name) AS name,
          coalesce(t.original_title, p.original_name) AS originalName,
          coalesce(t.poster_path, p.profile_path) AS imagePath,
          t.date AS date,
          coalesce(t.popularity, p.popularity) AS popularity
        FROM hits h
        LEFT JOIN titles t ON h.doc % 4 < 2 AND t.kind = (CASE h.doc % 4 WHEN 0 THEN 'movie' ELSE 'tv' END) AND t.id = h.doc / 4
        LEFT JOIN people p ON h.doc % 4 = 2 AND p.id = h.doc / 4
        ORDER BY round(h.score, 3), coalesce(t.popularity, p.popularity, 0) DESC
        LIMIT @limit OFFSET @offset`);
      statements.set(cacheKey, statement);
    }
    return statement;
  };

  return (query, options = {}) => {
    const fts = toFtsQuery(query);
    const kinds = options.kinds && options.kinds.length > 0 ? options.kinds : KINDS;
    if (fts === null) return [];
    const limit = Math.min(Math.max(1, Math.trunc(options.limit ?? 20)), MAX_LIMIT);
    const offset = Math.max(0, Math.trunc(options.offset ?? 0));
    return statementFor(kinds).all({ query: fts, limit, offset }) as LocalSearchHit[];
  };
}
