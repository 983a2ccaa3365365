import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from './connection';
import { tempDir } from './testing/db-files';

describe('connect', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => (tmp = tempDir()));
  afterEach(() => {
    tmp.cleanup();
  });

  it('uses WAL, foreign keys, a busy timeout and FULL sync for the library', () => {
    const db = connect(path.join(tmp.dir, 'library.db'), 'library');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
  });

  it('uses NORMAL sync for the cache', () => {
    const db = connect(path.join(tmp.dir, 'cache.db'), 'cache');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    db.close();
  });

  it('keeps the database, its WAL files and the data folder private to the user', () => {
    const dir = path.join(tmp.dir, 'data');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const file = path.join(dir, 'library.db');
    const db = connect(file, 'library');
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    const mode = (f: string): number => fs.statSync(f).mode & 0o777;
    expect(mode(dir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    expect(mode(`${file}-shm`)).toBe(0o600);
    db.close();
  });
});
