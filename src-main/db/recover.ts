import fs from 'node:fs';
import Database from 'better-sqlite3';
import { connect, quickCheck, sidecarFiles } from './connection';
import { migrate, type Migration } from './migrate';
import { recordSetAside, rowCheck, type SetAsideRow } from './salvage-rules';

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
  /** Tables where some rows could not be read (a damaged page was read around). */
  partial: string[];
  /** Unsent changes whose outbox row was lost, queued again from the user's recorded intents. */
  requeued?: number;
  /** Rows that broke the contract's rules (salvage-rules.ts) and were set aside, not copied. */
  setAside?: number;
}

/**
 * Tables computed from others (progress summaries, the stats' stored answers): a salvaged library
 * computes them again.
 */
const DERIVED = new Set(['progress_summaries', 'stats_answers']);

/**
 * Builds a fresh library at `target` from whatever can still be read in `file`: the current
 * schema is created by the migrations, then each table is copied row by row, reading around
 * damaged pages (see `readAround`), for every table including WITHOUT ROWID ones. Unsent changes
 * whose outbox row was lost are queued again from `local_intents` (issue 12, defect 2).
 */
export function salvageInto(
  file: string,
  target: string,
  migrations: readonly Migration[],
  now = 0,
): Salvage {
  const rows: Record<string, number> = {};
  const partial: string[] = [];
  const setAside: SetAsideRow[] = [];
  let requeued: number;
  const fresh = connect(target, 'library');
  try {
    migrate(fresh, migrations);
    const old = openReadable(file, target, fresh.pragma('page_size', { simple: true }) as number);
    try {
      const tables = fresh
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .pluck()
        .all() as string[];
      for (const table of tables) {
        // Derived data is not carried: it is computed again from what was.
        if (DERIVED.has(table)) continue;
        copyTable(old, fresh, table, { rows, partial, setAside });
      }
      recordSetAside(fresh, setAside, now);
    } finally {
      old.close();
      fs.rmSync(`${target}-source`, { force: true });
    }
    if (Object.keys(rows).length === 0)
      throw new Error('no table of the damaged library could be read');
    requeued = requeueLostIntents(fresh);
    const problems = quickCheck(fresh);
    if (problems.join() !== 'ok')
      throw new Error(`salvaged library failed its check: ${problems.join('; ')}`);
  } finally {
    fresh.close();
  }
  return { rows, partial, requeued, setAside: setAside.length };
}

/**
 * Opens the damaged file to read from. When its header is damaged (SQLite then calls it no
 * database at all), a copy is read instead whose header fields that never change in a Marquee
 * library (the magic text, the page size and format bytes, the schema format and text encoding)
 * are written as a fresh library has them; its page count and free-list fields are cleared,
 * so SQLite goes by the file's size. The pages themselves are read as they are.
 */
function openReadable(file: string, target: string, pageSize: number): Database.Database {
  const tryOpen = (path: string): Database.Database => {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      db.prepare('SELECT count(*) FROM sqlite_master').get();
      return db;
    } catch (error) {
      db.close();
      throw error;
    }
  };
  try {
    return tryOpen(file);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'SQLITE_NOTADB' && !String(code).startsWith('SQLITE_CORRUPT')) throw error;
  }
  const copy = `${target}-source`;
  fs.copyFileSync(file, copy);
  const out = fs.openSync(copy, 'r+');
  try {
    const header = Buffer.alloc(100);
    fs.readSync(out, header, 0, 100, 0);
    header.write('SQLite format 3\0', 0, 'latin1');
    header.writeUInt16BE(pageSize === 65_536 ? 1 : pageSize, 16);
    // WAL file format; 64/32/32 are the only payload fractions SQLite allows.
    header.set([2, 2, 0, 64, 32, 32], 18);
    header.fill(0, 28, 40); // page count (0: taken from the file's size) and the free list
    header.writeUInt32BE(4, 44); // schema format 4
    header.fill(0, 48, 56); // cache size, no auto-vacuum
    header.writeUInt32BE(1, 56); // UTF-8
    fs.writeSync(out, header, 0, 100, 0);
  } finally {
    fs.closeSync(out);
  }
  return tryOpen(copy);
}

/** Queues again, under their original sequence numbers, the intents whose outbox row is gone. */
function requeueLostIntents(fresh: Database.Database): number {
  const hasIntents = fresh
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'local_intents'")
    .get();
  if (!hasIntents) return 0;
  return fresh
    .prepare(
      `INSERT INTO outbox (seq, item_key, op, queued_at, status)
       SELECT i.seq, i.item_key, i.op, i.queued_at, 'pending' FROM local_intents i
       WHERE NOT EXISTS (SELECT 1 FROM outbox o WHERE o.seq = i.seq)`,
    )
    .run().changes;
}

interface Column {
  name: string;
  pk: number;
}

/**
 * Copies one table. Rows are read in key order; when a read fails on a damaged page, reading goes
 * on after it (`readAround`), so one bad page costs the rows on that page, not the rest.
 */
function copyTable(
  old: Database.Database,
  fresh: Database.Database,
  table: string,
  found: { rows: Record<string, number>; partial: string[]; setAside: SetAsideRow[] },
): void {
  const { rows, partial } = found;
  const columns = fresh.pragma(`table_info(${table})`) as Column[];
  const source = sourceColumns(old, table, columns);
  const names = source.map((c) => `"${c}"`).join(', ');
  const insert = fresh.prepare(
    `INSERT OR IGNORE INTO "${table}" (${columns.map((c) => `"${c.name}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const withoutRowid = (
    fresh.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(table) as string
  )
    .toUpperCase()
    .includes('WITHOUT ROWID');
  const pk = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  // The key rows are ordered and resumed by: rowid, or the primary key of a WITHOUT ROWID table.
  const key = withoutRowid ? pk.map((c) => `"${source[columns.indexOf(c)] ?? c.name}"`) : ['rowid'];
  const check = rowCheck(
    old,
    table,
    columns.map((c) => c.name),
  );
  let count = 0;
  let damaged: boolean;
  try {
    damaged = fresh.transaction(() =>
      readAround(old, table, names, key, !withoutRowid, (row) => {
        const checked = check === null ? row : check(row);
        if (!Array.isArray(checked)) {
          found.setAside.push(checked);
          return;
        }
        try {
          insert.run(...checked);
          count += 1;
        } catch (error) {
          // A row that breaks a constraint (a list item of a list that was lost) is set aside.
          if (!String((error as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT'))
            throw error;
          const record = Object.fromEntries(columns.map((c, i) => [c.name, checked[i]]));
          found.setAside.push({ table, row: record, problem: String(error) });
        }
      }),
    )();
  } catch {
    // The table is unreadable as a whole (its root page is gone, or it did not exist then).
    return;
  }
  if (damaged) partial.push(table);
  rows[table] = count;
}

/**
 * The damaged file's names for the columns of `table`: the current names, unless its schema text
 * was damaged (a flipped byte turned `files` into `Sfiles`) while keeping the same number of
 * columns; then its own names, in order, so the rows are still read, column by column.
 */
function sourceColumns(old: Database.Database, table: string, columns: Column[]): string[] {
  const wanted = columns.map((c) => c.name);
  let theirs: string[];
  try {
    theirs = (old.pragma(`table_info("${table}")`) as Column[]).map((c) => c.name);
  } catch {
    return wanted;
  }
  const same = wanted.every((name) => theirs.includes(name));
  return same || theirs.length !== wanted.length ? wanted : theirs;
}

/**
 * Reads every readable row of `table` in key order and hands it to `take` (without the key
 * columns added for resuming). On an error it resumes after the last good key: for rowid tables
 * by probing ahead in growing steps, then narrowing back, so rows on the next good page are kept;
 * for every table also backwards from the end, which reaches the rows after the bad page of a
 * WITHOUT ROWID table. Returns whether any read failed.
 */
function readAround(
  old: Database.Database,
  table: string,
  names: string,
  key: string[],
  numericKey: boolean,
  take: (row: unknown[]) => void,
): boolean {
  const keyList = key.join(', ');
  const select = (where: string, order: 'ASC' | 'DESC'): Database.Statement =>
    old
      .prepare(
        `SELECT ${keyList}, ${names} FROM "${table}" ${where} ORDER BY ${key
          .map((k) => `${k} ${order}`)
          .join(', ')}`,
      )
      .raw();
  const seen = new Set<string>();
  const emit = (row: unknown[]): void => {
    const id = JSON.stringify(row.slice(0, key.length));
    if (seen.has(id)) return;
    seen.add(id);
    take(row.slice(key.length));
  };
  /** Reads from a statement until it ends (true) or fails (false); `last` keeps the last key read. */
  const drain = (
    statement: Database.Statement,
    args: unknown[],
    last: { key?: unknown[] },
  ): boolean => {
    try {
      for (const row of statement.iterate(...args) as IterableIterator<unknown[]>) {
        last.key = row.slice(0, key.length);
        emit(row);
      }
      return true;
    } catch {
      return false;
    }
  };
  const after = `WHERE (${keyList}) > (${key.map(() => '?').join(', ')})`;

  const forward: { key?: unknown[] } = {};
  let complete = drain(select('', 'ASC'), [], forward);
  if (complete) return false;
  // The first read may fail before any row: the table's root is then unreadable.
  if (forward.key === undefined && !numericKey) {
    const backward: { key?: unknown[] } = {};
    if (!drain(select('', 'DESC'), [], backward) && backward.key === undefined)
      throw new Error(`table ${table} cannot be read`);
    return true;
  }
  if (numericKey) {
    let last = Number(forward.key?.[0] ?? Number.MIN_SAFE_INTEGER);
    for (let guard = 0; guard < 10_000 && !complete; guard++) {
      const resumed = resumeAfter(last, (from) => {
        const mark: { key?: unknown[] } = {};
        const ended = drain(select(after, 'ASC'), [from], mark);
        return { ended, lastKey: mark.key === undefined ? null : Number(mark.key[0]) };
      });
      if (resumed === null) break;
      complete = resumed.ended;
      last = resumed.lastKey;
    }
  }
  // From the end backwards, down to the last key read forwards: the rows beyond the bad page.
  const backward: { key?: unknown[] } = {};
  if (forward.key === undefined) drain(select('', 'DESC'), [], backward);
  else drain(select(after, 'DESC'), forward.key, backward);
  return true;
}

/**
 * After a failed read past rowid `last`, finds a later start that reads: it probes last+1,
 * last+2, last+4... (a bad page holds a bounded range of rowids), then narrows back between the
 * failing and the working start so no row of the next good page is skipped.
 */
function resumeAfter(
  last: number,
  readFrom: (from: number) => { ended: boolean; lastKey: number | null },
): { ended: boolean; lastKey: number } | null {
  let bad = last;
  for (let step = 1; step <= 2 ** 40; step *= 2) {
    const probe = last + step;
    const outcome = readFrom(probe);
    if (outcome.lastKey === null && !outcome.ended) {
      bad = probe;
      continue;
    }
    // `probe` reads. Narrow back: is there a working start between `bad` and `probe`?
    let good = probe;
    let best = outcome;
    while (good - bad > 1) {
      const mid = Math.floor((bad + good) / 2);
      const tried = readFrom(mid);
      if (tried.lastKey === null && !tried.ended) bad = mid;
      else {
        good = mid;
        best = tried;
      }
    }
    if (best.lastKey === null) return best.ended ? { ended: true, lastKey: good } : null;
    return { ended: best.ended, lastKey: best.lastKey };
  }
  return null;
}
