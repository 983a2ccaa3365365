import path from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase, type OpenResult } from '../db/open';
import type { Logger } from './log';

export type StartupStatus = OpenResult['status'];

export interface Databases {
  cache: Database.Database;
  /** null when the library could not be opened; it stays untouched on disk (with a backup). */
  library: Database.Database | null;
  /** What start-up found, for the log and for the library channels' error text. */
  status: { cache: StartupStatus; library: StartupStatus; libraryProblem: string | null };
  /** Closes both, once; later calls do nothing. */
  close(): void;
}

export const CACHE_FILE = 'cache.db';
export const LIBRARY_FILE = 'library.db';

/**
 * Opens the rebuildable cache and the library that must never lose a write (WAL, and
 * synchronous=FULL for the library, set by `connect`), with the integrity checks and migrations of
 * `openDatabase`. A damaged cache is moved aside and rebuilt; a damaged library is backed up and
 * salvaged, and when even that fails the core starts without it rather than not at all.
 */
export async function openDatabases(
  dataDir: string,
  options: { clock: () => number; log: Logger },
): Promise<Databases> {
  const { clock, log } = options;
  const cacheResult = await openDatabase(path.join(dataDir, CACHE_FILE), { kind: 'cache', clock });
  if (cacheResult.status === 'unrecoverable')
    throw new Error(`the cache could not be opened: ${cacheResult.reason}`);
  if (cacheResult.status === 'rebuilt')
    log.warn('db.cache_rebuilt', { reason: cacheResult.reason });

  let libraryResult: OpenResult;
  try {
    libraryResult = await openDatabase(path.join(dataDir, LIBRARY_FILE), {
      kind: 'library',
      clock,
    });
  } catch (error) {
    // e.g. a migration failed on a healthy file: the file was not changed (migrations are transactions).
    libraryResult = {
      status: 'unrecoverable',
      reason: error instanceof Error ? error.message : String(error),
      backup: null,
    };
  }
  let library: Database.Database | null = null;
  let libraryProblem: string | null = null;
  if (libraryResult.status === 'unrecoverable') {
    libraryProblem = libraryResult.reason;
    log.error('db.library_unrecoverable', {
      reason: libraryResult.reason,
      backup: libraryResult.backup,
    });
  } else {
    library = libraryResult.db;
    if (libraryResult.status === 'recovered') {
      log.warn('db.library_recovered', {
        reason: libraryResult.reason,
        backup: libraryResult.backup,
        salvage: libraryResult.salvage,
      });
    }
  }

  const cache = cacheResult.db;
  let closed = false;
  return {
    cache,
    library,
    status: { cache: cacheResult.status, library: libraryResult.status, libraryProblem },
    close() {
      if (closed) return;
      closed = true;
      cache.close();
      library?.close();
    },
  };
}
