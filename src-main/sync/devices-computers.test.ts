import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../credentials';
import type { TestCore } from '../core/testing/core';
import { nodeFolderFs, type FolderFs } from './folder/folder-fs';
import {
  PASSPHRASE,
  dataFilesOf,
  filesUnder,
  isOneSentence,
  libraryOf,
  rememberAnotherMachine,
  uidsOf,
} from './testing/computers';
import { useComputerLab } from './testing/lab';

/*
 * What happens to the computers themselves: a data folder copied to a new computer, a second
 * computer with another passphrase, one switched off for six months while the other compacted,
 * clocks half a day apart, a sync folder on a full disk. Nothing is lost, nothing is applied that
 * should not be, and every computer ends with the same library.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const lab = useComputerLab({ titles: 60 });
const { tempDir, start, stop, mark } = lab;
let shared: string;

const join = async (t: TestCore, name: string): Promise<string> => {
  const status = await t.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name });
  return status?.thisDevice.id ?? '';
};
/** Every computer reads and writes, twice round, so each has seen all the others wrote. */
const syncAll = async (...computers: TestCore[]): Promise<void> => {
  for (let round = 0; round < 2; round += 1)
    for (const t of computers) await t.value('devices.syncNow');
};

beforeEach(() => {
  shared = tempDir('marquee-sync-folder-');
});

describe('computers that sync', () => {
  it('gives a data folder copied to a new computer its own id, and both still converge', async () => {
    const dirA = tempDir('marquee-core-');
    const keysA = memoryStore('Laptop keychain');
    let a = await start({ name: 'Laptop', dataDir: dirA, credentials: keysA });
    const idA = await join(a, 'Laptop');
    const before = await mark(a, 0);
    await a.value('devices.syncNow');
    await stop(a);

    // The whole data folder copied to another computer (its keychain stays behind).
    const dirC = tempDir('marquee-core-');
    fs.cpSync(dirA, dirC, { recursive: true });
    rememberAnotherMachine(dirC);
    a = await start({ name: 'Laptop', dataDir: dirA, credentials: keysA });
    const c = await start({ name: 'New laptop', dataDir: dirC });
    const asked = await c.value('devices.syncNow');
    expect(asked.thisDevice.id).not.toBe(idA);
    expect(asked.state).toBe('problem');
    expect(isOneSentence(asked.message)).toBe(true);
    expect((await a.value('devices.status')).thisDevice.id).toBe(idA);

    const idC = await join(c, 'New laptop');
    expect(idC).not.toBe(idA);
    const onA = await mark(a, 1);
    const onC = await mark(c, 2);
    await syncAll(a, c);
    const [libA, libC] = [await libraryOf(a), await libraryOf(c)];
    expect(libC).toEqual(libA);
    expect(uidsOf(libA)).toEqual(expect.arrayContaining([before, onA, onC]));
    expect(dataFilesOf(shared, idC).length).toBeGreaterThan(0);
    for (const t of [a, c]) {
      const status = await t.value('devices.status');
      expect(status.state).toBe('idle');
      expect(status.message).toBeNull();
    }
    expect((await a.value('devices.status')).devices.map((d) => d.id)).toEqual([idC]);
  });

  it('gives a copy whose keychain came along its own name and files, syncing at once', async () => {
    const dirA = tempDir('marquee-core-');
    const keysA = memoryStore('Laptop keychain');
    let a = await start({ name: 'Laptop', dataDir: dirA, credentials: keysA });
    const idA = await join(a, 'Laptop');
    for (let index = 0; index < 3; index += 1) {
      await mark(a, index);
      await a.value('devices.syncNow');
    }
    await stop(a);
    const dirC = tempDir('marquee-core-');
    fs.cpSync(dirA, dirC, { recursive: true });
    rememberAnotherMachine(dirC);
    const keysC = memoryStore('New laptop keychain');
    await keysC.set('sync.folderKey', (await keysA.get('sync.folderKey')) ?? '');
    a = await start({ name: 'Laptop', dataDir: dirA, credentials: keysA });
    const c = await start({ name: 'New laptop', dataDir: dirC, credentials: keysC });
    const onC = await mark(c, 4);
    const status = await c.value('devices.syncNow');
    const idC = status.thisDevice.id;
    expect(idC).not.toBe(idA);
    expect(status.thisDevice.name).toBe('New laptop');
    expect(status.state).toBe('idle');
    // Its files start its own numbering: nothing of it looks missing to the others.
    expect(dataFilesOf(shared, idC)).toEqual(['seg-000000000001.msync']);
    const seen = await a.value('devices.syncNow');
    expect(seen.devices).toEqual([
      expect.objectContaining({ id: idC, name: 'New laptop', waiting: 0 }),
    ]);
    await syncAll(a, c);
    expect(uidsOf(await libraryOf(a))).toContain(onC);
    expect(await libraryOf(c)).toEqual(await libraryOf(a));
  });

  it('notices a second installation writing with this computer’s id, and both converge', async () => {
    const dirA = tempDir('marquee-core-');
    const keysA = memoryStore('Laptop keychain');
    let a = await start({ name: 'Laptop', dataDir: dirA, credentials: keysA });
    await join(a, 'Laptop');
    await mark(a, 0);
    await a.value('devices.syncNow');
    await stop(a);
    // A second data folder on the same computer: the same machine, so the same id.
    const dirT = tempDir('marquee-core-');
    fs.cpSync(dirA, dirT, { recursive: true });
    const keysT = memoryStore('Laptop keychain, copied');
    await keysT.set('sync.folderKey', (await keysA.get('sync.folderKey')) ?? '');
    a = await start({ name: 'Laptop', dataDir: dirA, credentials: keysA });
    const twin = await start({ name: 'Laptop', dataDir: dirT, credentials: keysT });
    const messages = new Set<string | null>();
    const uids: string[] = [];
    for (let index = 1; index <= 4; index += 1) {
      const t = index % 2 === 0 ? twin : a;
      uids.push(await mark(t, index));
      messages.add((await t.value('devices.syncNow')).message);
    }
    for (let round = 0; round < 2; round += 1)
      for (const t of [a, twin]) messages.add((await t.value('devices.syncNow')).message);
    const told = [...messages].find((m) => m !== null && /Another Marquee installation/.test(m));
    expect(isOneSentence(told ?? null)).toBe(true);
    expect(uidsOf(await libraryOf(a))).toEqual(expect.arrayContaining(uids));
    expect(await libraryOf(twin)).toEqual(await libraryOf(a));
  });

  it('gets back from the folder what a library restored from an old backup had lost', async () => {
    const dirA = tempDir('marquee-core-');
    const keysA = memoryStore('Laptop keychain');
    const laptop = { name: 'Laptop', dataDir: dirA, credentials: keysA };
    let a = await start(laptop);
    const b = await start({ name: 'Study' });
    await join(a, 'Laptop');
    await join(b, 'Study');
    await mark(a, 0);
    await a.value('devices.syncNow');
    await stop(a);
    const backup = tempDir('marquee-backup-');
    fs.cpSync(dirA, backup, { recursive: true });
    a = await start(laptop);
    const lost = await mark(a, 1);
    await a.value('devices.syncNow');
    await stop(a);
    fs.rmSync(dirA, { recursive: true });
    fs.cpSync(backup, dirA, { recursive: true });
    a = await start(laptop);
    expect(uidsOf(await libraryOf(a))).not.toContain(lost);
    const restored = await a.value('devices.syncNow');
    expect(restored.state).toBe('idle');
    expect(restored.message).toBeNull();
    expect(uidsOf(await libraryOf(a))).toContain(lost);
    await mark(a, 2);
    expect((await a.value('devices.syncNow')).message).toBeNull();
    await syncAll(a, b);
    expect(await libraryOf(b)).toEqual(await libraryOf(a));
  });

  it('refuses a second computer with another passphrase, which writes nothing to the folder', async () => {
    const a = await start({ name: 'Laptop' });
    const b = await start({ name: 'Study' });
    await join(a, 'Laptop');
    await mark(a, 0);
    await a.value('devices.syncNow');
    await mark(b, 1);
    const files = filesUnder(shared);
    const before = await libraryOf(b);
    const refused = await b.call('devices.setup', {
      folder: shared,
      passphrase: 'a different passphrase',
      name: 'Study',
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(isOneSentence(refused.error.message)).toBe(true);
    expect(await libraryOf(b)).toEqual(before);
    expect(filesUnder(shared)).toEqual(files);
    // Nor does anything it does afterwards reach the folder.
    await mark(b, 2);
    expect((await b.value('devices.syncNow')).state).toBe('off');
    expect(filesUnder(shared)).toEqual(files);
  });

  it('brings a computer switched off for six months up to date after the other compacted', async () => {
    const a = await start({ name: 'Laptop', devices: { compactAfter: 3 } });
    const dirB = tempDir('marquee-core-');
    const keysB = memoryStore('Study keychain');
    let b = await start({ name: 'Study', dataDir: dirB, credentials: keysB });
    const idA = await join(a, 'Laptop');
    await join(b, 'Study');
    const first = await mark(a, 0);
    await syncAll(a, b);
    expect(uidsOf(await libraryOf(b))).toEqual([first]);
    await stop(b);

    // Six months of use on A: a film a week or so, one undone, a series followed and hidden.
    const seriesId = lab.catalogue.data.tv[3]?.id ?? 0;
    const marked: string[] = [];
    for (let week = 1; week <= 9; week += 1) {
      a.clock.now += 20 * DAY;
      marked.push(await mark(a, week));
      await a.value('devices.syncNow');
    }
    await a.value('tracking.unmark', { target: { scope: 'play', uid: marked[2] ?? '' } });
    await a.value('tracking.setFollow', { seriesId, follow: 'follow' });
    await a.value('tracking.setHidden', { seriesId, hidden: true });
    await a.value('devices.syncNow');
    const files = dataFilesOf(shared, idA);
    expect(files.some((name) => name.startsWith('snap-'))).toBe(true);
    expect(files).not.toContain('seg-000000000001.msync');

    b = await start({ name: 'Study', dataDir: dirB, credentials: keysB });
    b.clock.now = a.clock.now;
    const status = await b.value('devices.syncNow');
    expect(status.state).toBe('idle');
    const [libA, libB] = [await libraryOf(a), await libraryOf(b)];
    expect(libB).toEqual(libA);
    expect(libB.plays).toHaveLength(9);
    expect(libB.series).toEqual([
      expect.objectContaining({ seriesId, follow: 'follow', hidden: 1 }),
    ]);
  });

  it('lets the later write win with clocks twelve hours apart, either way', async () => {
    const a = await start({ name: 'Ahead' });
    const b = await start({ name: 'Behind' });
    a.clock.now += 12 * HOUR;
    b.clock.now -= 12 * HOUR;
    await join(a, 'Ahead');
    await join(b, 'Behind');
    const seriesId = lab.catalogue.data.tv[3]?.id ?? 0;
    /** The series' settings; a series with none set has no row in the full read. */
    const settings = async (t: TestCore) =>
      (await libraryOf(t)).series.find((s) => s.seriesId === seriesId) ?? {
        hidden: 0,
        follow: 'none',
      };

    // The computer ahead writes first; the one behind, having seen it, writes later and wins.
    await a.value('tracking.setHidden', { seriesId, hidden: true });
    await syncAll(a, b);
    expect((await settings(b)).hidden).toBe(1);
    await b.value('tracking.setHidden', { seriesId, hidden: false });
    await syncAll(b, a);
    expect((await settings(a)).hidden).toBe(0);
    expect((await settings(b)).hidden).toBe(0);

    // The other way round.
    await b.value('tracking.setFollow', { seriesId, follow: 'unfollow' });
    await syncAll(b, a);
    await a.value('tracking.setFollow', { seriesId, follow: 'follow' });
    await syncAll(a, b);
    expect((await settings(b)).follow).toBe('follow');

    // A play marked ahead, undone behind: gone on both.
    const uid = await mark(a, 0);
    await syncAll(a, b);
    expect(uidsOf(await libraryOf(b))).toContain(uid);
    await b.value('tracking.unmark', { target: { scope: 'play', uid } });
    await syncAll(b, a);
    expect(uidsOf(await libraryOf(a))).not.toContain(uid);
    expect(await libraryOf(a)).toEqual(await libraryOf(b));
  });

  it('says so when the folder’s disk is full, keeps everything here, and shares once there is room', async () => {
    const disk = { full: false };
    const fullDisk: FolderFs = {
      writeNew: (file, data) =>
        disk.full
          ? Promise.reject(
              Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
            )
          : nodeFolderFs.writeNew(file, data),
      rename: (from, to) => nodeFolderFs.rename(from, to),
      remove: (file) => nodeFolderFs.remove(file),
    };
    const dirA = tempDir('marquee-core-');
    const keysA = memoryStore('Laptop keychain');
    const laptop = { name: 'Laptop', dataDir: dirA, credentials: keysA };
    let a = await start({ ...laptop, devices: { folderFs: fullDisk } });
    const b = await start({ name: 'Study' });
    await join(a, 'Laptop');
    await join(b, 'Study');
    await syncAll(a, b);

    disk.full = true;
    const files = filesUnder(shared);
    const uid = await mark(a, 0);
    const full = await a.value('devices.syncNow');
    expect(full.state).toBe('problem');
    expect(full.message).toMatch(/full/);
    expect(isOneSentence(full.message)).toBe(true);
    expect(uidsOf(await libraryOf(a))).toEqual([uid]);
    expect(filesUnder(shared)).toEqual(files);

    // What the other computer writes meanwhile still arrives here.
    const fromB = await mark(b, 1);
    await b.value('devices.syncNow');
    await a.value('devices.syncNow');
    expect(uidsOf(await libraryOf(a))).toContain(fromB);

    // Marquee started again while the disk is still full: the play waits here, not lost.
    const kept = await libraryOf(a);
    await stop(a);
    a = await start({ ...laptop, devices: { folderFs: fullDisk } });
    expect(await libraryOf(a)).toEqual(kept);
    expect((await a.value('devices.syncNow')).message).toMatch(/full/);

    disk.full = false;
    const room = await a.value('devices.syncNow');
    expect(room.state).toBe('idle');
    expect(room.message).toBeNull();
    await b.value('devices.syncNow');
    expect(uidsOf(await libraryOf(b))).toEqual([uid, fromB].sort());
    expect(await libraryOf(b)).toEqual(await libraryOf(a));
  });
});
