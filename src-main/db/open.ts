import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { clearDamageMarker, markedDamage } from './cache-check';
import { connect, quickCheck, type DatabaseKind } from './connection';
import { migrate, type Migration, type MigrationReport } from './migrate';
import { cacheMigrations } from './migrations/cache';
import { libraryMigrations } from './migrations/library';
import { backupLibrary, moveAside, salvageInto, stampedName, type Salvage } from './recover';
import { readProblem, schemaProblem } from './library-check';
import { classifyStorageError, refineFailure, type StorageFailure } from './storage-errors';

/**
 * The database could not be opened for a reason that is not its own: a full disk, an I/O error,
 * another process's lock, a refused permission. Nothing was moved aside; a later start may work.
 */
export class StorageUnavailableError extends Error {
  constructor(
    readonly failure: Exclude<StorageFailure, 'corrupt'>,
    override readonly cause: unknown,
  ) {
    super(`${failure}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StorageUnavailableError';
  }
}

/** Runs `step` on `file`, turning a storage failure that is not corruption into `StorageUnavailableError`. */
function unlessUnavailable<T>(file: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw unavailable(file, error) ?? error;
  }
}

/** The error as `StorageUnavailableError` when it is a storage condition (not corruption), else null. */
function unavailable(file: string, error: unknown): StorageUnavailableError | null {
  const failure = classifyStorageError(error);
  if (failure === null || failure === 'corrupt') return null;
  return new StorageUnavailableError(refineFailure(failure, path.dirname(file)), error);
}

export interface OpenOptions {
  kind: DatabaseKind;
  clock?: () => number;
  /** For tests of the runner; defaults to the kind's own list. */
  migrations?: readonly Migration[];
  /**
   * Damage found after the file passed its checks (a statement that would not prepare, a read
   * that met SQLITE_CORRUPT): the library is backed up and recovered as if a check had failed.
   */
  damaged?: string;
  /** The page cache of the connection returned, in KiB (SQLite's 16 MB unless said). */
  cacheKiB?: number;
}

/**
 * The page cache of the start-up check's own connection: the check reads every page once, so a
 * larger cache only raises the process's memory for as long as it lives.
 */
const CHECK_CACHE_KIB = 2048;

/**
 * What start-up found. The UI shows anything other than `ok`:
 * - `rebuilt`: the cache was damaged; it was moved aside and started empty (nothing of the user's is lost);
 * - `recovered`: the library was damaged; it was backed up, and what could be read was carried over;
 * - `unrecoverable`: the library could not be read; it is untouched apart from the backup, and no
 *   database is open. The user can keep the file, restore the backup, or start over deliberately.
 */
export type OpenResult =
  | { status: 'ok'; db: Database.Database; migrations: MigrationReport }
  | {
      status: 'rebuilt';
      db: Database.Database;
      migrations: MigrationReport;
      reason: string;
      movedTo: string;
    }
  | {
      status: 'recovered';
      db: Database.Database;
      migrations: MigrationReport;
      reason: string;
      backup: string;
      salvage: Salvage;
    }
  | { status: 'unrecoverable'; reason: string; backup: string | null };

/** Opens the cache or the library: settings, an integrity check, then the pending migrations. */
export async function openDatabase(file: string, options: OpenOptions): Promise<OpenResult> {
  const clock = options.clock ?? Date.now;
  const migrations =
    options.migrations ?? (options.kind === 'cache' ? cacheMigrations : libraryMigrations);
  const problem = options.damaged ?? checkFile(file, options.kind, migrations);
  if (problem === null) {
    const db = unlessUnavailable(file, () =>
      connect(
        file,
        options.kind,
        options.cacheKiB === undefined ? {} : { cacheKiB: options.cacheKiB },
      ),
    );
    try {
      return {
        status: 'ok',
        db,
        migrations: unlessUnavailable(file, () => migrate(db, migrations)),
      };
    } catch (error) {
      db.close();
      throw error;
    }
  }
  if (options.kind === 'cache') {
    const movedTo = stampedName(file, 'corrupt', clock());
    moveAside(file, movedTo);
    clearDamageMarker(file);
    const db = connect(file, 'cache');
    return { status: 'rebuilt', db, migrations: migrate(db, migrations), reason: problem, movedTo };
  }
  return recoverLibrary(file, problem, migrations, clock);
}

/**
 * null when the file is absent or healthy, else what is wrong with it. The cache, which can be
 * rebuilt at any time, is only opened and its schema read here: its full check runs after
 * start-up, off the main thread (`cache-check.ts`), and damage it found is read from its marker.
 * The library is checked in full: its pages, its schema text and every record. Only corruption is a
 * problem of the file: a full disk, an I/O error, a lock held elsewhere or a refused permission
 * is thrown (classified) instead, so a healthy database is never moved aside for it.
 */
function checkFile(
  file: string,
  kind: DatabaseKind,
  migrations: readonly Migration[],
): string | null {
  if (!fs.existsSync(file)) return null;
  let db: Database.Database | undefined;
  try {
    if (kind === 'cache') {
      const marked = markedDamage(file);
      if (marked !== null) return marked;
      db = connect(file, kind, { cacheKiB: CHECK_CACHE_KIB });
      // Every schema row is read, so a damaged schema page is found now rather than by a read.
      db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all();
      return null;
    }
    db = connect(file, kind, { cacheKiB: CHECK_CACHE_KIB });
    const problems = quickCheck(db);
    if (problems.length !== 1 || problems[0] !== 'ok')
      return `integrity check failed: ${problems.slice(0, 3).join('; ')}`;
    // The library must never lose a write: its schema text and every record are checked too,
    // in one read transaction, so another Marquee migrating the same file is seen at one version.
    const open = db;
    return open.transaction(() => schemaProblem(open, migrations) || readProblem(open))() || null;
  } catch (error) {
    const storage = unavailable(file, error);
    if (storage !== null) throw storage;
    return `cannot read database: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    db?.close();
  }
}

async function recoverLibrary(
  file: string,
  reason: string,
  migrations: readonly Migration[],
  clock: () => number,
): Promise<OpenResult> {
  const now = clock();
  let backup: string;
  try {
    backup = await backupLibrary(file, stampedName(file, 'backup', now));
  } catch (error) {
    // Without a backup nothing may be changed: the original stays exactly as it is.
    return {
      status: 'unrecoverable',
      reason: `${reason}; backup failed: ${String(error)}`,
      backup: null,
    };
  }
  const target = stampedName(file, 'recovering', now);
  let salvage: Salvage;
  try {
    salvage = salvageInto(file, target, migrations, now);
  } catch (error) {
    moveAside(target, stampedName(file, 'failed-recovery', now));
    return {
      status: 'unrecoverable',
      reason: `${reason}; recovery failed: ${String(error)}`,
      backup,
    };
  }
  // The damaged original is kept next to the backup, then the salvaged copy takes its place.
  moveAside(file, stampedName(file, 'corrupt', now));
  moveAside(target, file);
  const db = connect(file, 'library');
  return { status: 'recovered', db, migrations: migrate(db, migrations), reason, backup, salvage };
}
