import type Database from 'better-sqlite3';

/** What the cache holds: rows and bytes of saved responses, the title index and the image index. */
export interface CacheUsage {
  responses: number;
  responseBytes: number;
  titles: number;
  people: number;
  images: number;
  imageBytes: number;
}

export interface UsageStore {
  usage(): CacheUsage;
  /** Empties every table the cache can fetch again, in one transaction. */
  clearAll(): void;
}

/** The cache database as a whole: its size, and emptying it. */
export function createUsageStore(db: Database.Database): UsageStore {
  const stats = db.prepare<[], CacheUsage>(`SELECT
      (SELECT count(*) FROM http_responses) AS responses,
      (SELECT coalesce(sum(length(body)), 0) FROM http_responses) AS responseBytes,
      (SELECT count(*) FROM titles) AS titles,
      (SELECT count(*) FROM people) AS people,
      (SELECT count(*) FROM images) AS images,
      (SELECT coalesce(sum(bytes), 0) FROM images) AS imageBytes`);
  const clear = db.transaction(() => {
    db.exec(
      'DELETE FROM http_responses; DELETE FROM images; DELETE FROM episodes; DELETE FROM seasons; DELETE FROM titles; DELETE FROM people;' +
        ' DELETE FROM availability; DELETE FROM availability_seen; DELETE FROM availability_log;' +
        ' DELETE FROM availability_hint;',
    );
  });
  return {
    usage: () => {
      const row = stats.get();
      if (!row) throw new Error('the cache usage query returned no row');
      return row;
    },
    clearAll: () => {
      clear();
    },
  };
}
