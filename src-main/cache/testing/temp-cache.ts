import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase } from '../../db/open';
import { tempDir } from '../../db/testing/db-files';

/** A migrated cache database in a temporary folder, for tests. */
export async function tempCache(): Promise<{
  db: Database.Database;
  dir: string;
  cleanup: () => void;
}> {
  const tmp = tempDir('marquee-cache-');
  const result = await openDatabase(path.join(tmp.dir, 'cache.db'), { kind: 'cache' });
  if (result.status === 'unrecoverable') throw new Error(result.reason);
  const db = result.db;
  return {
    db,
    dir: tmp.dir,
    cleanup: () => {
      db.close();
      tmp.cleanup();
    },
  };
}

const fixturesDir = path.resolve(import.meta.dirname, '../../../../shared/tmdb/fixtures');

/** One recorded TMDB response body. */
export function fixture(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(fixturesDir, file), 'utf8'));
}
