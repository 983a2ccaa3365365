import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, userVersion, type Migration } from './migrate';
import { libraryMigrations } from './migrations/library';

const make = (version: number, sql: string): Migration => ({
  version,
  name: `step${version}`,
  up: (db) => db.exec(sql),
});

describe('migrate', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('applies only the migrations above user_version, in order', () => {
    db = new Database(':memory:');
    const list = [make(1, 'CREATE TABLE a (x)'), make(2, 'CREATE TABLE b (y)')];
    expect(migrate(db, list.slice(0, 1))).toEqual({ from: 0, to: 1, applied: ['001_step1'] });
    expect(migrate(db, list)).toEqual({ from: 1, to: 2, applied: ['002_step2'] });
    expect(migrate(db, list).applied).toEqual([]);
  });

  it('rolls a failing migration back entirely and keeps the previous version', () => {
    db = new Database(':memory:');
    const list = [
      make(1, 'CREATE TABLE a (x)'),
      make(2, 'CREATE TABLE b (y); INSERT INTO nowhere VALUES (1)'),
    ];
    expect(() => migrate(db, list)).toThrow(/nowhere/);
    expect(userVersion(db)).toBe(1);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type='table'").pluck().all();
    expect(tables).toEqual(['a']);
  });

  it('refuses a database written by a newer Marquee', () => {
    db = new Database(':memory:');
    db.pragma('user_version = 9');
    expect(() => migrate(db, [make(1, 'CREATE TABLE a (x)')])).toThrow(
      /newer than this Marquee build/,
    );
  });

  it('rejects a migration list with a gap', () => {
    db = new Database(':memory:');
    expect(() => migrate(db, [make(1, 'SELECT 1'), make(3, 'SELECT 1')])).toThrow(/not contiguous/);
  });

  it("leaves a fresh library's write-ahead log empty, so a first start needs no room for every migration twice", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-migrate-'));
    const file = path.join(dir, 'library.db');
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    migrate(db, libraryMigrations);
    expect(fs.statSync(`${file}-wal`).size).toBe(0);
    expect(userVersion(db)).toBe(libraryMigrations.length);
    db.close();
    db = new Database(file);
    expect(userVersion(db)).toBe(libraryMigrations.length);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
