import type Database from 'better-sqlite3';

/**
 * One schema change. Migrations are append-only: a released file is never edited, a fix is a new
 * file with the next number. `version` is what `PRAGMA user_version` reads after it has run.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database.Database): void;
}

export interface MigrationReport {
  from: number;
  to: number;
  applied: string[];
}

export function userVersion(db: Database.Database): number {
  const value: unknown = db.pragma('user_version', { simple: true });
  return typeof value === 'number' ? value : 0;
}

/**
 * Applies every migration above the database's `user_version`, each in its own transaction, so a
 * crash leaves the file at the last complete version. A database newer than this build is refused
 * rather than guessed at: an older Marquee must not write into a schema it does not know.
 *
 * Two processes may start on one new data folder at once (issue 12, defect 4): each step takes the
 * write lock first (`BEGIN IMMEDIATE`, waiting up to the connection's busy_timeout), then reads
 * `user_version` again under the lock, so a step the other process just applied is skipped, never
 * run twice.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): MigrationReport {
  assertOrdered(migrations);
  const from = userVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  const refuseNewer = (version: number): void => {
    if (version > latest) {
      throw new Error(
        `database schema version ${version} is newer than this Marquee build knows (${latest})`,
      );
    }
  };
  refuseNewer(from);
  const applied: string[] = [];
  for (const migration of migrations) {
    if (migration.version <= from) continue;
    const ran = db
      .transaction(() => {
        const now = userVersion(db);
        refuseNewer(now);
        if (now >= migration.version) return false;
        migration.up(db);
        // user_version is written inside the same transaction, so schema and version move together.
        db.pragma(`user_version = ${migration.version}`);
        return true;
      })
      .immediate();
    if (ran) {
      applied.push(`${String(migration.version).padStart(3, '0')}_${migration.name}`);
      truncateLog(db);
    }
  }
  return { from, to: userVersion(db), applied };
}

/**
 * Copies a migration's pages into the file and empties the write-ahead log before the next one,
 * so a first start, which runs every migration, never needs room for all of them twice (the log
 * of a fresh library's migrations alone is two thirds of a megabyte). On a full disk the copy may
 * fail: the log then stays, and SQLite copies it at a later checkpoint.
 */
function truncateLog(db: Database.Database): void {
  if (db.pragma('journal_mode', { simple: true }) !== 'wal') return;
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // Nothing is lost: the pages are in the log.
  }
}

function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `migration list is not contiguous at ${migration.name}: expected version ${index + 1}`,
      );
    }
  });
}
