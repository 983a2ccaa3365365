import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../db/testing/db-files';
import { acquireFolderLock, FolderInUseError, LOCK_FILE } from './folder-lock';

describe('the data folder lock', () => {
  const tmp = tempDir('marquee-lock-');
  afterEach(() => {
    fs.rmSync(path.join(tmp.dir, LOCK_FILE), { force: true });
  });

  it('refuses a second owner while the first runs, saying the folder is in use', () => {
    const first = acquireFolderLock(tmp.dir, { pid: 1001, alive: () => true });
    expect(() => acquireFolderLock(tmp.dir, { pid: 1002, alive: () => true })).toThrow(
      FolderInUseError,
    );
    expect(() => acquireFolderLock(tmp.dir, { pid: 1002, alive: () => true })).toThrow(
      /in use by another Marquee \(process 1001\)/,
    );
    first.release();
    acquireFolderLock(tmp.dir, { pid: 1002, alive: () => true }).release();
  });

  it('takes over a stale lock whose owner no longer runs, and an unreadable one', () => {
    acquireFolderLock(tmp.dir, { pid: 1001 });
    const next = acquireFolderLock(tmp.dir, { pid: 1002, alive: (pid) => pid !== 1001 });
    expect(fs.readFileSync(path.join(tmp.dir, LOCK_FILE), 'utf8').trim()).toBe('1002');
    next.release();
    fs.writeFileSync(path.join(tmp.dir, LOCK_FILE), 'garbage');
    acquireFolderLock(tmp.dir, { pid: 1003, alive: () => true }).release();
    expect(fs.existsSync(path.join(tmp.dir, LOCK_FILE))).toBe(false);
  });

  it('a real process id that is running holds the lock (this test process)', () => {
    const mine = acquireFolderLock(tmp.dir);
    expect(() => acquireFolderLock(tmp.dir, { pid: process.pid + 1 })).toThrow(FolderInUseError);
    mine.release();
  });
});
