import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { Handlers } from '../ipc/guard';

export interface CacheHandlerDeps {
  db: Database.Database;
  imageDir: string;
  imageLimitBytes: () => number;
}

/**
 * `cache.status` and `cache.clear`. Clearing removes saved responses, the title index and the
 * images: everything the cache can fetch again. The library (watchlist, lists, the outbox) is a
 * different database and is never touched here.
 */
export function cacheHandlers(
  deps: CacheHandlerDeps,
): Pick<Handlers, 'cache.status' | 'cache.clear'> {
  const { db } = deps;
  const stats = db.prepare(`SELECT
      (SELECT count(*) FROM http_responses) AS responses,
      (SELECT coalesce(sum(length(body)), 0) FROM http_responses) AS responseBytes,
      (SELECT count(*) FROM titles) AS titles,
      (SELECT count(*) FROM people) AS people,
      (SELECT count(*) FROM images) AS images,
      (SELECT coalesce(sum(bytes), 0) FROM images) AS imageBytes`);
  const read = (): {
    responses: number;
    responseBytes: number;
    titles: number;
    people: number;
    images: number;
    imageBytes: number;
  } =>
    stats.get() as {
      responses: number;
      responseBytes: number;
      titles: number;
      people: number;
      images: number;
      imageBytes: number;
    };
  const clear = db.transaction(() => {
    db.exec(
      'DELETE FROM http_responses; DELETE FROM images; DELETE FROM episodes; DELETE FROM seasons; DELETE FROM titles; DELETE FROM people;',
    );
  });

  return {
    'cache.status': () => ({ ...read(), imageLimitBytes: deps.imageLimitBytes() }),
    'cache.clear': () => {
      const before = read();
      clear();
      // Rows first, then files: an image without a row is refetched, a row without a file is dropped on read.
      fs.rmSync(deps.imageDir, { recursive: true, force: true });
      return { freedBytes: before.responseBytes + before.imageBytes };
    },
  };
}

/**
 * Removes what belongs to the signed-out account: its cached responses (account scopes) and every
 * library row (mirror, lists, outbox). The auth service warns about unsent changes before it
 * gets here.
 */
export function clearAccountData(deps: {
  cache: Database.Database;
  library: Database.Database | null;
}): void {
  // Every account scope, not only the last one: nothing of a signed-out user may stay behind.
  deps.cache.prepare("DELETE FROM http_responses WHERE scope <> ''").run();
  deps.library?.transaction(() => {
    deps.library?.exec(
      'DELETE FROM collection_entries; DELETE FROM list_items; DELETE FROM lists; DELETE FROM list_server_ids; DELETE FROM item_summaries; DELETE FROM outbox;',
    );
  })();
}
