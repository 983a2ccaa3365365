import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type DatabaseKind = 'cache' | 'library';

/** Owner-only: the library holds the user's account mirror, the cache what they browsed. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

const BUSY_TIMEOUT_MS = 5_000;

/** The files SQLite keeps beside a database in WAL mode. */
export function sidecarFiles(file: string): string[] {
  return [`${file}-wal`, `${file}-shm`];
}

/**
 * Opens one SQLite file with Marquee's settings. The file is created 0600 before SQLite sees it,
 * because SQLite gives the -wal and -shm files the mode of the main file; they are chmod-ed again
 * afterwards in case an older Marquee (or a copy) left them wider.
 */
export function connect(
  file: string,
  kind: DatabaseKind,
  options: { cacheKiB?: number } = {},
): Database.Database {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  fs.chmodSync(dir, DIR_MODE);
  fs.closeSync(fs.openSync(file, 'a', FILE_MODE));
  const db = new Database(file);
  try {
    // First, so that switching to WAL waits for another process starting on the same file.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // The library must survive power loss once a write returns; the cache can be rebuilt, so it
    // trades that last guarantee for speed (WAL + NORMAL still never corrupts on a crash).
    db.pragma(`synchronous = ${kind === 'library' ? 'FULL' : 'NORMAL'}`);
    // SQLite's page cache for this connection (16 MB unless said): pages read once need little.
    if (options.cacheKiB !== undefined) db.pragma(`cache_size = -${String(options.cacheKiB)}`);
    // Touch the schema so WAL files exist before they are chmod-ed.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    db.close();
    throw error;
  }
  restrictModes(file);
  return db;
}

export function restrictModes(file: string): void {
  for (const f of [file, ...sidecarFiles(file)]) {
    try {
      fs.chmodSync(f, FILE_MODE);
    } catch {
      // A sidecar may not exist (yet); nothing to restrict.
    }
  }
}

/** `PRAGMA quick_check`: 'ok' or the problems SQLite reports. Throws when the file is not a database. */
export function quickCheck(db: Database.Database): string[] {
  const rows = db.pragma('quick_check') as Array<{ quick_check: string }>;
  return rows.map((r) => r.quick_check);
}
