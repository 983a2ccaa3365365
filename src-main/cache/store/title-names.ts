import type Database from 'better-sqlite3';

export interface TitleNameRow {
  kind: 'movie' | 'tv';
  id: number;
  title: string;
  originalTitle: string | null;
  date: string | null;
  posterPath: string | null;
}

/**
 * Every cached title's names, read in one pass: the import's matcher builds an exact-name index
 * from it once per job instead of running a text search per row.
 */
export function createTitleNames(db: Database.Database): {
  count(): number;
  each(visit: (row: TitleNameRow) => void): void;
} {
  const count = db.prepare<[], number>('SELECT count(*) FROM titles').pluck();
  const all = db.prepare<[], TitleNameRow>(
    `SELECT kind, id, title, original_title AS originalTitle, date, poster_path AS posterPath
     FROM titles`,
  );
  return {
    count: () => count.get() ?? 0,
    each(visit) {
      for (const row of all.iterate()) visit(row);
    },
  };
}
