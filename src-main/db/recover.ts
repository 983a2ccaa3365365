import fs from 'node:fs';
import Database from 'better-sqlite3';
import { connect, quickCheck, sidecarFiles } from './connection';
import { migrate, type Migration } from './migrate';

/** A file name beside `file` that says when and why it was set aside. */
export function stampedName(file: string, label: string, now: number): string {
  return `${file}.${label}-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
}

/** Moves a database and its WAL files aside (they belong together: a WAL replayed on another file corrupts it). */
export function moveAside(file: string, target: string): void {
  for (const [from, to] of [
    [file, target],
    ...sidecarFiles(file).map((s, i) => [s, `${target}${i === 0 ? '-wal' : '-shm'}`]),
  ] as const) {
    if (fs.existsSync(from)) fs.renameSync(from, to);
  }
}

/**
 * Backs a damaged library up before anything else touches it: first through SQLite's backup API
 * (which also captures what is still only in the WAL); when SQLite cannot read the file at all,
 * the raw bytes of the file and its WAL are copied instead. Returns the backup's path.
 */
export async function backupLibrary(file: string, target: string): Promise<string> {
  try {
    const source = new Database(file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(target);
    } finally {
      source.close();
    }
    return target;
  } catch {
    fs.rmSync(target, { force: true });
    fs.copyFileSync(file, target);
    const wal = `${file}-wal`;
    if (fs.existsSync(wal)) fs.copyFileSync(wal, `${target}-wal`);
    return target;
  }
}

export interface Salvage {
  /** Rows copied per table; a table that could not be read at all is absent. */
  rows: Record<string, number>;
  /** Tables where reading stopped early on a damaged page. */
  partial: string[];
}

/**
 * Builds a fresh library at `target` from whatever can still be read in `file`: the current
 * schema is created by the migrations, then each table is copied row by row, stopping at the
 * first unreadable page of that table and going on with the next.
 */
export function salvageInto(
  file: string,
  target: string,
  migrations: readonly Migration[],
): Salvage {
  const rows: Record<string, number> = {};
  const partial: string[] = [];
  const fresh = connect(target, 'library');
  try {
    migrate(fresh, migrations);
    const old = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const tables = fresh
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .pluck()
        .all() as string[];
      for (const table of tables) {
        copyTable(old, fresh, table, rows, partial);
      }
    } finally {
      old.close();
    }
    if (Object.keys(rows).length === 0)
      throw new Error('no table of the damaged library could be read');
    const problems = quickCheck(fresh);
    if (problems.join() !== 'ok')
      throw new Error(`salvaged library failed its check: ${problems.join('; ')}`);
  } finally {
    fresh.close();
  }
  return { rows, partial };
}

function copyTable(
  old: Database.Database,
  fresh: Database.Database,
  table: string,
  rows: Record<string, number>,
  partial: string[],
): void {
  const columns = fresh.pragma(`table_info(${table})`) as Array<{ name: string }>;
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const insert = fresh.prepare(
    `INSERT OR IGNORE INTO "${table}" (${names}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  let count = 0;
  try {
    const select = old.prepare(`SELECT ${names} FROM "${table}"`).raw();
    fresh.transaction(() => {
      try {
        for (const row of select.iterate()) {
          insert.run(...(row as unknown[]));
          count += 1;
        }
      } catch {
        partial.push(table);
      }
    })();
  } catch {
    // The table's root page itself is unreadable: nothing to copy from it.
    return;
  }
  rows[table] = count;
}
