import path from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase } from '../../db/open';
import { tempDir } from '../../db/testing/db-files';
import { createLibrary, type Library } from '../store/library';

/** A migrated library in a temporary folder, with a settable clock, for tests. */
export async function tempLibrary(): Promise<{
  db: Database.Database;
  file: string;
  library: Library;
  clock: { now: number };
  cleanup: () => void;
}> {
  const tmp = tempDir('marquee-library-');
  const file = path.join(tmp.dir, 'library.db');
  const result = await openDatabase(file, { kind: 'library' });
  if (result.status === 'unrecoverable') throw new Error(result.reason);
  const db = result.db;
  const clock = { now: 1_000 };
  let n = 0;
  const library = createLibrary(db, { clock: () => clock.now, newListId: () => `local-${++n}` });
  return {
    db,
    file,
    library,
    clock,
    cleanup: () => {
      db.close();
      tmp.cleanup();
    },
  };
}
