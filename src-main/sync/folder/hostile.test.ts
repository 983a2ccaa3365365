import { copyFile, mkdir, readFile, readdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSyncFolder } from './folder';
import { nodeFolderFs, type FolderFs } from './folder-fs';
import {
  DEVICE_A,
  DEVICE_B,
  DEVICE_C,
  fixedClock,
  ids,
  otherKey,
  play,
  plays,
  tempFolder,
  type TempFolder,
} from './testing/fixtures';

const dirOf = (device: string): string => `Marquee/devices/${device}`;
const segment = (device: string, n: number): string =>
  `${dirOf(device)}/seg-${String(n).padStart(12, '0')}.msync`;

/*
 * Every hostile file is refused with one sentence and never applied; the other files are read as
 * if it were not there.
 */
describe('hostile files in the sync folder', () => {
  let folder: TempFolder;
  const path = (relative: string): string => join(folder.root, ...relative.split('/'));
  const change = async (relative: string, edit: (bytes: Buffer) => Buffer): Promise<void> => {
    await writeFile(path(relative), edit(await readFile(path(relative))));
  };
  /** What device C reads from scratch: changes, problems as (file, reason). */
  const readAll = async () => {
    const read = await folder.open(DEVICE_C).read(null);
    return { ...read, refused: read.problems.map((p) => [p.file, p.reason]) };
  };

  beforeEach(async () => {
    folder = await tempFolder();
    const a = folder.open(DEVICE_A);
    await a.write([play(DEVICE_A, 1)]);
    await a.write([play(DEVICE_A, 2)]);
    await folder.open(DEVICE_B).write([play(DEVICE_B, 1)]);
  });
  afterEach(async () => {
    await folder.dispose();
  });

  it('a changed byte anywhere: refused, the other files read as if it were not there', async () => {
    const original = await readFile(path(segment(DEVICE_A, 2)));
    const positions = [0, 6, 7, 10, 17, 25, 28, 40, 70, original.length - 20, original.length - 1];
    for (const at of positions) {
      const bytes = Buffer.from(original);
      bytes[at] = (bytes[at] ?? 0) ^ 0x20;
      await writeFile(path(segment(DEVICE_A, 2)), bytes);
      const read = await readAll();
      expect(ids(read.changes), `byte ${at}`).toEqual(ids([play(DEVICE_A, 1), play(DEVICE_B, 1)]));
      expect(
        read.problems.map((p) => p.file),
        `byte ${at}`,
      ).toEqual([segment(DEVICE_A, 2)]);
    }
  });

  it('a tampered body fails authentication, with a plain sentence', async () => {
    await change(segment(DEVICE_A, 2), (bytes) => {
      bytes[bytes.length - 30] = (bytes[bytes.length - 30] ?? 0) ^ 1;
      return bytes;
    });
    const read = await readAll();
    expect(read.refused).toEqual([[segment(DEVICE_A, 2), 'tampered']]);
    expect(read.problems[0]?.message).toBe('This file was changed after it was written.');
    expect(ids(read.changes)).toEqual(ids([play(DEVICE_A, 1), play(DEVICE_B, 1)]));
  });

  it('a file cut short is refused until it is complete, then read', async () => {
    const whole = await readFile(path(segment(DEVICE_A, 2)));
    await writeFile(path(segment(DEVICE_A, 2)), whole.subarray(0, whole.length - 10));
    const c = folder.open(DEVICE_C);
    const early = await c.read(null);
    expect(early.problems.map((p) => [p.file, p.reason])).toEqual([
      [segment(DEVICE_A, 2), 'tampered'],
    ]);
    expect(early.problems[0]?.message).toMatch(/incomplete/);
    // Reported at every read while it is there, without being opened again.
    const still = await c.read(early.cursor);
    expect(still.problems).toEqual(early.problems);
    expect(still.changes).toEqual([]);
    await writeFile(path(segment(DEVICE_A, 2)), whole);
    const done = await c.read(still.cursor);
    expect(done.problems).toEqual([]);
    expect(done.changes).toEqual([play(DEVICE_A, 2)]);
    // Cut to its header alone, or to nothing.
    for (const length of [0, 5, 20, 70]) {
      await writeFile(path(segment(DEVICE_A, 1)), whole.subarray(0, length));
      const read = await readAll();
      expect(read.refused).toEqual([[segment(DEVICE_A, 1), 'tampered']]);
      expect(read.problems[0]?.message).toMatch(/incomplete/);
    }
  });

  it('a file moved into another device’s folder is refused as foreign', async () => {
    await copyFile(path(segment(DEVICE_A, 2)), path(segment(DEVICE_B, 2)));
    const read = await readAll();
    expect(read.refused).toEqual([[segment(DEVICE_B, 2), 'foreign']]);
    expect(read.changes.filter((c) => c.device === DEVICE_B)).toEqual([play(DEVICE_B, 1)]);
    // Into a directory of a device that never wrote anything, too.
    const stranger = 'dddddddd-0000-4000-8000-000000000004';
    await mkdir(path(dirOf(stranger)));
    await copyFile(path(segment(DEVICE_A, 1)), path(segment(stranger, 1)));
    expect((await readAll()).refused).toContainEqual([segment(stranger, 1), 'foreign']);
  });

  it('a file renamed to another number is refused', async () => {
    await copyFile(path(segment(DEVICE_A, 2)), path(segment(DEVICE_A, 7)));
    const read = await readAll();
    expect(read.refused).toEqual([[segment(DEVICE_A, 7), 'tampered']]);
    expect(read.problems[0]?.message).toMatch(/renamed/);
  });

  it('a file of an unknown format version, or not Marquee’s at all, is unreadable', async () => {
    await change(segment(DEVICE_A, 2), (bytes) => {
      bytes[6] = 2;
      return bytes;
    });
    await writeFile(path(segment(DEVICE_B, 2)), 'just some text a tool left here');
    const read = await readAll();
    expect(read.refused).toEqual([
      [segment(DEVICE_A, 2), 'unreadable'],
      [segment(DEVICE_B, 2), 'unreadable'],
    ]);
    expect(read.problems[0]?.message).toMatch(/newer version of Marquee/);
    expect(read.problems[1]?.message).toBe('This is not a Marquee sync file.');
  });

  it('a file too large to be a history is refused without being read', async () => {
    // Sparse: it takes no room on the disk.
    await writeFile(path(segment(DEVICE_B, 2)), '');
    await truncate(path(segment(DEVICE_B, 2)), 512 * 1024 * 1024 + 1);
    const read = await readAll();
    expect(read.refused).toEqual([[segment(DEVICE_B, 2), 'unreadable']]);
    expect(read.problems[0]?.message).toMatch(/far larger/);
  });

  it('a file written with another passphrase is told apart from a changed one', async () => {
    const stranger = createSyncFolder({
      root: folder.root,
      device: DEVICE_B,
      name: 'Stranger',
      key: await otherKey(),
      clock: fixedClock,
    });
    await stranger.write([play(DEVICE_B, 2)]);
    const read = await readAll();
    expect(read.refused).toEqual([[segment(DEVICE_B, 2), 'wrong-passphrase']]);
    expect(read.problems[0]?.message).toMatch(/different passphrase/);
  });

  it('a full disk: a clear error, nothing half-written visible, and the next write goes through', async () => {
    let full = true;
    const fs: FolderFs = {
      ...nodeFolderFs,
      async writeNew(file, data) {
        if (!full) return nodeFolderFs.writeNew(file, data);
        // Half the bytes reach the disk, then it is full.
        await writeFile(file, data.subarray(0, data.length >> 1));
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
    };
    const a = folder.open(DEVICE_A, { fs, nextNumber: 3 });
    const before = await folder.files();
    await expect(a.write([play(DEVICE_A, 3)])).rejects.toMatchObject({
      code: 'disk-full',
      message: expect.stringMatching(/disk of the sync folder is full/) as unknown,
    });
    await expect(a.compact(plays(DEVICE_A, 1, 3))).rejects.toMatchObject({ code: 'disk-full' });
    expect(await folder.files()).toEqual(before);
    expect((await readAll()).problems).toEqual([]);

    full = false;
    const written = await a.write([play(DEVICE_A, 3)]);
    expect(written?.number).toBe(3);
    expect(ids((await readAll()).changes)).toContain(play(DEVICE_A, 3).id);
  });

  it('a rename that fails leaves only a temporary file readers skip, and removes it', async () => {
    const fs: FolderFs = {
      ...nodeFolderFs,
      rename: () => Promise.reject(Object.assign(new Error('EIO'), { code: 'EIO' })),
    };
    const before = await folder.files();
    await expect(folder.open(DEVICE_A, { fs }).write([play(DEVICE_A, 3)])).rejects.toMatchObject({
      code: 'write-failed',
    });
    expect(await folder.files()).toEqual(before);
  });

  it('nothing readable in the folder: no title, date, TMDB id, uid or device name in the bytes', async () => {
    const secretId = 987654321;
    const title = 'The Unmistakable Title';
    const marked = {
      ...play(DEVICE_A, 42, secretId),
      data: { plays: [{ uid: 'uid-unmistakable-0042', title, watchedAt: Date.UTC(2026, 2, 3) }] },
    };
    const a = folder.open(DEVICE_A);
    await a.write([marked]);
    await a.compact([marked]);
    await a.writeDeviceInfo('Anna’s Study iMac');
    const needles = [
      title,
      String(secretId),
      'uid-unmistakable',
      'Study iMac',
      'plays.add',
      'series:',
      String(Date.UTC(2026, 2, 3)).slice(0, 8),
      '2026',
    ];
    for (const file of await folder.files()) {
      const bytes = await readFile(path(file));
      for (const needle of needles) {
        expect(bytes.includes(Buffer.from(needle, 'utf8')), `${needle} in ${file}`).toBe(false);
        expect(bytes.includes(Buffer.from(needle, 'utf16le')), `${needle} in ${file}`).toBe(false);
      }
    }
    expect((await readdir(path(dirOf(DEVICE_A)))).every((name) => !name.includes('Study'))).toBe(
      true,
    );
  });
});
