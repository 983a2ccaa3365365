import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate';
import { cacheMigrations } from './migrations/cache';
import { openDatabase, StorageUnavailableError, type OpenResult } from './open';
import { storageMessage } from './storage-errors';
import type { Logger } from '../base/log';

/** `unavailable`: not opened for a reason that is not the file's (a full disk...); nothing was moved. */
export type StartupStatus = OpenResult['status'] | 'unavailable';

export interface Databases {
  cache: Database.Database;
  /** null when the library could not be opened; it stays untouched on disk (with a backup). */
  library: Database.Database | null;
  /** What start-up found, for the log and for the library channels' error text. */
  status: {
    cache: StartupStatus;
    library: StartupStatus;
    libraryProblem: string | null;
    /** Set when the library is unavailable for a storage condition (e.g. `disk_full`). */
    libraryFailure: StorageUnavailableError['failure'] | null;
    /** What start-up did to a damaged library, in one sentence (null when it found none). */
    libraryNotice: string | null;
  };
  /** Closes both, once; later calls do nothing. */
  close(): void;
}

/** Opening again after a lock held elsewhere, this often, this far apart (ms). */
const BUSY_RETRIES = 5;
const BUSY_WAIT_MS = 250;

/**
 * SQLite answers SQLITE_BUSY at once, without its busy timeout, in a few cases (a read upgraded to
 * a write, WAL recovery by another process): opening is tried again a few times before the
 * database is reported as in use.
 */
async function retryWhileBusy<T>(open: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      const busy = error instanceof StorageUnavailableError && error.failure === 'storage_busy';
      if (!busy || attempt >= BUSY_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS * attempt));
    }
  }
}

export const CACHE_FILE = 'cache.db';
export const LIBRARY_FILE = 'library.db';

/**
 * The main process's page cache for the library: its reads there are small (Up Next from stored
 * summaries, lists, a title's state); what reads the whole history runs in the worker, on
 * connections of its own with SQLite's default.
 */
const LIBRARY_CACHE_KIB = 4096;

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
  let cacheResult: OpenResult;
  let cacheStatus: StartupStatus;
  try {
    cacheResult = await retryWhileBusy(() =>
      openDatabase(path.join(dataDir, CACHE_FILE), { kind: 'cache', clock }),
    );
    cacheStatus = cacheResult.status;
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    // The cache can be rebuilt at any time: run on one in memory rather than not start.
    log.warn('db.cache_unavailable', { failure: error.failure, reason: error.message });
    const db = new Database(':memory:');
    cacheResult = { status: 'ok', db, migrations: migrate(db, cacheMigrations) };
    cacheStatus = 'unavailable';
  }
  if (cacheResult.status === 'unrecoverable')
    throw new Error(`the cache could not be opened: ${cacheResult.reason}`);
  if (cacheResult.status === 'rebuilt')
    log.warn('db.cache_rebuilt', { reason: cacheResult.reason });

  let libraryResult: OpenResult;
  let libraryFailure: StorageUnavailableError['failure'] | null = null;
  try {
    libraryResult = await retryWhileBusy(() =>
      openDatabase(path.join(dataDir, LIBRARY_FILE), {
        kind: 'library',
        clock,
        cacheKiB: LIBRARY_CACHE_KIB,
      }),
    );
  } catch (error) {
    if (error instanceof StorageUnavailableError) libraryFailure = error.failure;
    // e.g. a migration failed on a healthy file: the file was not changed (migrations are transactions).
    libraryResult = {
      status: 'unrecoverable',
      reason: error instanceof Error ? error.message : String(error),
      backup: null,
    };
  }
  let library: Database.Database | null = null;
  let libraryProblem: string | null = null;
  let libraryNotice: string | null = null;
  if (libraryResult.status === 'unrecoverable') {
    const why =
      libraryFailure === null ? `${libraryResult.reason}.` : storageMessage(libraryFailure);
    libraryProblem = `${why} The file was left as it is${
      libraryResult.backup === null
        ? '; no backup was needed or made.'
        : `, with a backup beside it (${path.basename(libraryResult.backup)}).`
    }`;
    // A full disk or a lock is a condition that passes, not a lost library: it is logged as such.
    log.error(libraryFailure === null ? 'db.library_unrecoverable' : 'db.library_unavailable', {
      reason: libraryResult.reason,
      backup: libraryResult.backup,
    });
  } else {
    library = libraryResult.db;
    if (libraryResult.status === 'recovered') {
      libraryNotice = `Marquee found damage in its library file and repaired it; a copy of the damaged file is kept as ${path.basename(libraryResult.backup)}.`;
      log.warn('db.library_recovered', {
        message: libraryNotice,
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
    status: {
      cache: cacheStatus,
      library: libraryFailure === null ? libraryResult.status : 'unavailable',
      libraryProblem,
      libraryFailure,
      libraryNotice,
    },
    close() {
      if (closed) return;
      closed = true;
      cache.close();
      library?.close();
    },
  };
}
