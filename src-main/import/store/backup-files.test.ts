import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { libraryMigrations } from '../../db/migrations/library';
import { BACKUPS_FOLDER } from './backup-files';
import { createImportJobStore } from './jobs';

describe('import job store: a backup in a file of its own', () => {
  let dir = '';
  let db: Database.Database | undefined;
  afterEach(() => {
    db?.close();
    db = undefined;
    if (dir !== '') fs.rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  const open = (): Database.Database => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-backup-files-'));
    const opened = new Database(path.join(dir, 'library.db'));
    opened.pragma('foreign_keys = ON');
    migrate(opened, libraryMigrations);
    db = opened;
    return opened;
  };
  const job = {
    format: 'marquee-backup',
    sourceName: 'backup.json',
    files: ['backup.json'],
    problems: [],
    now: 1,
  };
  const rowColumn = (open: Database.Database, id: string): unknown =>
    open.prepare('SELECT backup FROM import_jobs WHERE id = ?').pluck().get(id);

  it('keeps the document out of the job’s row, in the data folder', () => {
    const opened = open();
    const store = createImportJobStore(opened);
    store.create({ ...job, id: 'a1', backup: { history: [{ uid: 'p1' }] } });
    store.create({ ...job, id: 'a2', backup: null });
    store.setBackup('a2', JSON.stringify({ history: [{ uid: 'p2' }] }));

    expect(rowColumn(opened, 'a1')).toBeNull();
    expect(rowColumn(opened, 'a2')).toBeNull();
    expect(fs.readdirSync(path.join(dir, BACKUPS_FOLDER)).sort()).toEqual(['a1.json', 'a2.json']);
    expect(store.backup('a1')).toEqual({ history: [{ uid: 'p1' }] });
    expect(store.backup('a2')).toEqual({ history: [{ uid: 'p2' }] });
    expect(store.job('a1')?.hasBackup).toBe(true);
    expect(store.recent(5).every((j) => j.hasBackup)).toBe(true);
    // Another connection to the same library (the worker's) finds the same document.
    const other = new Database(path.join(dir, 'library.db'));
    try {
      expect(createImportJobStore(other).backup('a2')).toEqual({ history: [{ uid: 'p2' }] });
    } finally {
      other.close();
    }
  });

  it('reads a backup an earlier version stored in the job’s row', () => {
    const opened = open();
    opened
      .prepare(
        `INSERT INTO import_jobs (id, format, source_name, state, backup, created_at, updated_at)
         VALUES ('old', 'marquee-backup', 'backup.json', 'ready', ?, 1, 1)`,
      )
      .run(JSON.stringify({ history: [] }));
    const store = createImportJobStore(opened);
    store.create({ ...job, id: 'none', backup: null });

    expect(store.job('old')?.hasBackup).toBe(true);
    expect(store.backup('old')).toEqual({ history: [] });
    expect(store.job('none')?.hasBackup).toBe(false);
    expect(store.backup('none')).toBeNull();
  });

  it('keeps the document in the row of a library in memory', () => {
    const opened = new Database(':memory:');
    db = opened;
    migrate(opened, libraryMigrations);
    const store = createImportJobStore(opened);
    store.create({ ...job, id: 'm1', backup: { history: [] } });

    expect(rowColumn(opened, 'm1')).toBe('{"history":[]}');
    expect(store.job('m1')?.hasBackup).toBe(true);
    expect(store.backup('m1')).toEqual({ history: [] });
  });
});
