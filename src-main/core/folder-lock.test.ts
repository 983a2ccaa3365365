import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../db/testing/db-files';
import { acquireFolderLock, FolderInUseError, LOCK_FILE } from './folder-lock';
import { formatOwner, parseOwner, type ProcessProbe } from './lock-owner';

/** A host where pids `running` run, each started at `started[pid]` when given. */
const probeOf = (running: number[], started: Record<number, string> = {}): ProcessProbe => ({
  host: 'this-host',
  boot: 'boot-1',
  alive: (pid) => running.includes(pid),
  startedAt: (pid) => started[pid],
});

describe('the data folder lock', () => {
  const tmp = tempDir('marquee-lock-');
  afterEach(() => {
    for (const name of fs.readdirSync(tmp.dir))
      fs.rmSync(path.join(tmp.dir, name), { force: true });
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
    expect(parseOwner(fs.readFileSync(path.join(tmp.dir, LOCK_FILE), 'utf8'))?.pid).toBe(1002);
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

  it('writes its owner whole, with a token, and leaves no other file behind', () => {
    const lock = acquireFolderLock(tmp.dir, { pid: 1001, probe: probeOf([1001], { 1001: '77' }) });
    expect(fs.readdirSync(tmp.dir)).toEqual([LOCK_FILE]);
    const owner = parseOwner(fs.readFileSync(path.join(tmp.dir, LOCK_FILE), 'utf8'));
    expect(owner).toMatchObject({ pid: 1001, host: 'this-host', boot: 'boot-1', started: '77' });
    expect(owner?.token).toMatch(/^[0-9a-f]{24}$/);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to a later process, or to an earlier boot', () => {
    acquireFolderLock(tmp.dir, { pid: 1001, probe: probeOf([1001], { 1001: '77' }) });
    // pid 1001 runs again, but started later: not the owner.
    const reused = probeOf([1001, 1002], { 1001: '912' });
    acquireFolderLock(tmp.dir, { pid: 1002, probe: reused }).release();

    acquireFolderLock(tmp.dir, { pid: 1001, probe: probeOf([1001]) });
    const rebooted = { ...probeOf([1001, 1002]), boot: 'boot-2' };
    acquireFolderLock(tmp.dir, { pid: 1002, probe: rebooted }).release();
    expect(fs.readdirSync(tmp.dir)).toEqual([]);
  });

  it('never takes over a lock held on another host, whose processes it cannot see', () => {
    const elsewhere = { ...probeOf([]), host: 'other-host', boot: 'boot-9' };
    acquireFolderLock(tmp.dir, { pid: 1001, probe: elsewhere });
    expect(() => acquireFolderLock(tmp.dir, { pid: 1002, probe: probeOf([1002]) })).toThrow(
      /in use by another Marquee \(process 1001\)/,
    );
  });

  it('a takeover claimed by a running Marquee is in use; one left by a Marquee that ended is not', () => {
    const stale = formatOwner({ pid: 1001, host: 'this-host', token: 'a'.repeat(24) });
    fs.writeFileSync(path.join(tmp.dir, LOCK_FILE), stale);
    const claim = (pid: number): void => {
      // A claim on exactly that stale lock, as a taker leaves it when it stops mid-takeover.
      const name = `${LOCK_FILE}.${createHash('sha256').update(stale).digest('hex').slice(0, 12)}`;
      fs.writeFileSync(
        path.join(tmp.dir, name),
        formatOwner({ pid, host: 'this-host', token: 'c'.repeat(24) }),
      );
    };
    claim(1003);
    expect(() => acquireFolderLock(tmp.dir, { pid: 1002, probe: probeOf([1002, 1003]) })).toThrow(
      /in use by another Marquee \(process 1003\)/,
    );
    // The claimer is gone: its claim and the lock are taken over, and nothing is left after release.
    acquireFolderLock(tmp.dir, { pid: 1002, probe: probeOf([1002]) }).release();
    expect(fs.readdirSync(tmp.dir)).toEqual([]);
  });
});
