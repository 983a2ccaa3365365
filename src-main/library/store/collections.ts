import type Database from 'better-sqlite3';

/** The most rows one read returns: above any real account's collection, bounded for memory. */
export const MAX_COLLECTION_READ = 20_000;

export type CollectionKind = 'watchlist' | 'favorite' | 'rated' | 'list';
export type CollectionSort = 'added' | 'title' | 'release' | 'popularity' | 'rating';

export interface CollectionQuery {
  kind: CollectionKind;
  /** Required for kind 'list'. */
  listId?: string;
  mediaType?: 'movie' | 'tv' | 'episode';
  sort?: CollectionSort;
  direction?: 'asc' | 'desc';
  /** Matches titles (and original titles) containing this text, case-insensitively. */
  filter?: string;
  limit?: number;
  offset?: number;
}

export interface CollectionItem {
  mediaType: 'movie' | 'tv' | 'episode';
  mediaId: number;
  seasonNumber: number | null;
  episodeNumber: number | null;
  rating: number | null;
  addedAt: number;
  title: string | null;
  posterPath: string | null;
  releaseDate: string | null;
  popularity: number | null;
}

const ORDER: Record<CollectionSort, string> = {
  added: 'e.added_at',
  title: "coalesce(s.title, '') COLLATE NOCASE",
  release: "coalesce(s.release_date, '')",
  popularity: 'coalesce(s.popularity, 0)',
  rating: 'coalesce(e.rating, 0)',
};

/**
 * Reads one page of a collection for the UI in one query, with the total for the pager. The
 * (collection, media_type, added_at) index serves the default order; other orders sort a few
 * thousand rows in memory, well within a frame.
 */
export function createCollectionReader(
  db: Database.Database,
): (query: CollectionQuery) => { items: CollectionItem[]; total: number } {
  const statements = new Map<string, Database.Statement>();
  return (query) => {
    if (query.kind === 'list' && !query.listId)
      throw new Error('a list id is needed to read a list');
    const sort = query.sort ?? 'added';
    const direction = query.direction ?? (sort === 'title' ? 'asc' : 'desc');
    const hasType = query.mediaType !== undefined;
    const hasFilter = (query.filter ?? '').trim() !== '';
    const shape = `${query.kind === 'list' ? 'list' : 'coll'}|${sort}|${direction}|${hasType}|${hasFilter}`;
    let statement = statements.get(shape);
    if (!statement) {
      const source =
        query.kind === 'list'
          ? `(SELECT media_type, media_id, -1 AS season_number, -1 AS episode_number, NULL AS rating, added_at FROM list_items WHERE list_id = @listId)`
          : `(SELECT * FROM collection_entries WHERE collection = @kind)`;
      const where = [
        hasType ? 'e.media_type = @mediaType' : '1',
        hasFilter
          ? '(instr(lower(s.title), @filter) > 0 OR instr(lower(s.original_title), @filter) > 0)'
          : '1',
      ].join(' AND ');
      statement = db.prepare(`
        SELECT e.media_type AS mediaType, e.media_id AS mediaId,
          nullif(e.season_number, -1) AS seasonNumber, nullif(e.episode_number, -1) AS episodeNumber,
          e.rating AS rating, e.added_at AS addedAt, s.title AS title, s.poster_path AS posterPath,
          s.release_date AS releaseDate, s.popularity AS popularity, count(*) OVER () AS total
        FROM ${source} e
        LEFT JOIN item_summaries s
          ON s.media_type = (CASE e.media_type WHEN 'episode' THEN 'tv' ELSE e.media_type END) AND s.media_id = e.media_id
        WHERE ${where}
        ORDER BY ${ORDER[sort]} ${direction === 'asc' ? 'ASC' : 'DESC'}, e.media_id
        LIMIT @limit OFFSET @offset`);
      statements.set(shape, statement);
    }
    const rows = statement.all({
      kind: query.kind,
      listId: query.listId ?? '',
      mediaType: query.mediaType ?? '',
      filter: (query.filter ?? '').trim().toLowerCase(),
      limit: Math.min(Math.max(1, Math.trunc(query.limit ?? 50)), MAX_COLLECTION_READ),
      offset: Math.max(0, Math.trunc(query.offset ?? 0)),
    }) as Array<CollectionItem & { total: number }>;
    return { items: rows.map(({ total: _total, ...item }) => item), total: rows[0]?.total ?? 0 };
  };
}
