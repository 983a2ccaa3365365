import Database from 'better-sqlite3';
import { migrate, userVersion, type Migration } from './migrate';
import { classifyStorageError } from './storage-errors';

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

const readSchema = (db: Database.Database): SchemaRow[] =>
  db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name",
    )
    .all() as SchemaRow[];

/**
 * The library's schema text against what its own migrations make at its `user_version`. Damage
 * that `quick_check` does not see (one flipped byte turning a column `files` into `Sfiles`) would
 * otherwise make a prepared statement fail on every start. Returns the first difference, or ''.
 */
export function schemaProblem(db: Database.Database, migrations: readonly Migration[]): string {
  const version = userVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  // A newer build's file is refused by `migrate` with its own message; it is not damage.
  if (version > latest) return '';
  const reference = new Database(':memory:');
  try {
    migrate(
      reference,
      migrations.filter((m) => m.version <= version),
    );
    const expected = new Map(readSchema(reference).map((r) => [`${r.type} ${r.name}`, r]));
    const actual = readSchema(db);
    for (const row of actual) {
      const want = expected.get(`${row.type} ${row.name}`);
      if (want === undefined) return `schema has an unknown ${row.type} ${row.name}`;
      if (want.tbl_name !== row.tbl_name || want.sql !== row.sql)
        return `schema of ${row.type} ${row.name} differs from version ${version}`;
      expected.delete(`${row.type} ${row.name}`);
    }
    const missing = [...expected.keys()][0];
    return missing === undefined ? '' : `schema lacks ${missing}`;
  } finally {
    reference.close();
  }
}

/**
 * Reads every column of every row, decoding each record, then checks every index: a damaged record
 * that `quick_check` passes (it checks pages, not what is in them) answers SQLITE_CORRUPT here,
 * at start-up, instead of on a later read of the watchlist. Returns the first problem, or ''.
 * Failures that are not corruption (a full disk, a lock) are thrown.
 */
export function readProblem(db: Database.Database): string {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    try {
      // Every column of every row is read inside SQLite (no row crosses into JavaScript).
      const columns = (db.pragma(`table_info("${table}")`) as Array<{ name: string }>).map(
        (c) => `coalesce(length("${c.name}"), 0)`,
      );
      db.prepare(`SELECT sum(${columns.join(' + ') || '0'}) FROM "${table}"`).get();
    } catch (error) {
      if (classifyStorageError(error) !== 'corrupt' && !isSchemaError(error)) throw error;
      return `cannot read table ${table}: ${messageOf(error)}`;
    }
  }
  // Walks every index against its table, which the quick check leaves out.
  const problems = (db.pragma('integrity_check(5)') as Array<{ integrity_check: string }>).map(
    (r) => r.integrity_check,
  );
  return problems.join() === 'ok' ? '' : `integrity check failed: ${problems.join('; ')}`;
}

/** SQLITE_ERROR while preparing or reading: the schema text names what is not there. */
export function isSchemaError(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'SQLITE_ERROR' || code === 'SQLITE_SCHEMA';
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
