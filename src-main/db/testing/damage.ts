import fs from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Deterministic damage to a closed database file, each at an offset found by searching the file
 * (never at random), one function per class of damage the corruption probe makes.
 */

/** Writes `bytes` at `offset` of `file`. */
function writeAt(file: string, offset: number, bytes: Buffer): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Turns the space before `column` in the stored `CREATE TABLE table` text into an `S`, so the
 * column is called `Scolumn`: the file still passes `quick_check`, but a statement naming the
 * column no longer prepares.
 */
export function flipColumnName(file: string, table: string, column: string): void {
  const bytes = fs.readFileSync(file);
  const start = bytes.indexOf(`CREATE TABLE ${table} (`);
  if (start < 0) throw new Error(`no schema text for ${table}`);
  const at = bytes.indexOf(` ${column} `, start);
  const next = bytes.indexOf('CREATE ', start + 1);
  if (at < 0 || (next > 0 && at > next)) throw new Error(`no column ${column} in ${table}`);
  writeAt(file, at, Buffer.from('S'));
}

/** The first page (1-based) of a table's or an index's b-tree. */
export function rootPage(file: string, name: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare('SELECT rootpage FROM sqlite_master WHERE name = ?')
      .pluck()
      .get(name) as number;
  } finally {
    db.close();
  }
}

/**
 * Flips one byte inside the content of a b-tree page (the last byte of the page, in its cell
 * content area): for an index this changes a stored key, which only a full integrity check sees.
 */
export function flipByteInPage(file: string, page: number, pageSize = 4096): void {
  const offset = page * pageSize - 1;
  const bytes = fs.readFileSync(file);
  writeAt(file, offset, Buffer.from([(bytes[offset] ?? 0) ^ 0x01]));
}

/** Overwrites the 16-byte magic string and page size of the header, so SQLite calls it no database. */
export function garbleHeader(file: string): void {
  writeAt(file, 0, Buffer.from('Marquee damaged!\x12\x34', 'latin1'));
}

/** Cuts the file to `pages` pages, as a copy stopped half-way would. */
export function truncatePages(file: string, pages: number, pageSize = 4096): void {
  fs.truncateSync(file, pages * pageSize);
}
