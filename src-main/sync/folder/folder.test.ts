import { mkdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyCursor } from './cursor';
import {
  DEVICE_A,
  DEVICE_B,
  DEVICE_C,
  ids,
  play,
  plays,
  tempFolder,
  type TempFolder,
} from './testing/fixtures';

const segment = (device: string, n: number): string =>
  `Marquee/devices/${device}/seg-${String(n).padStart(12, '0')}.msync`;
const snapshot = (device: string, n: number): string =>
  `Marquee/devices/${device}/snap-${String(n).padStart(12, '0')}.msync`;

describe('the sync folder', () => {
  let folder: TempFolder;
  const path = (relative: string): string => join(folder.root, ...relative.split('/'));

  beforeEach(async () => {
    folder = await tempFolder();
  });
  afterEach(async () => {
    await folder.dispose();
  });

  it('carries one device’s changes to another, each file read once', async () => {
    const a = folder.open(DEVICE_A);
    const b = folder.open(DEVICE_B);
    const written = await a.write(plays(DEVICE_A, 1, 3));
    expect(written).toEqual({ file: segment(DEVICE_A, 1), number: 1, nextNumber: 2 });
    await a.write([play(DEVICE_A, 4)]);

    const first = await b.read(null);
    expect(first.available).toBe(true);
    expect(first.changes).toEqual(plays(DEVICE_A, 1, 4));
    expect(first.problems).toEqual([]);
    expect(first.devices).toEqual([
      {
        device: DEVICE_A,
        name: 'Computer a',
        lastHlc: play(DEVICE_A, 4).hlc,
        files: 2,
        missing: [],
      },
    ]);

    // Read again: nothing new, even from a cursor that went through JSON.
    const again = await b.read(JSON.parse(JSON.stringify(first.cursor)));
    expect(again.changes).toEqual([]);
    await a.write([play(DEVICE_A, 5)]);
    const third = await b.read(again.cursor);
    expect(third.changes).toEqual([play(DEVICE_A, 5)]);
    // A device never reads its own files back, and an empty write writes nothing.
    expect((await a.read(null)).changes).toEqual([]);
    expect(await a.write([])).toBeNull();
  });

  it('writes only this device’s changes and keeps the device id out of each line', async () => {
    const a = folder.open(DEVICE_A);
    await expect(a.write([play(DEVICE_B, 1)])).rejects.toThrow(/Only this computer/);
    await a.write([play(DEVICE_A, 1)]);
    const read = await folder.open(DEVICE_C).read(null);
    expect(read.changes[0]?.device).toBe(DEVICE_A);
  });

  it('reads segments that arrive out of order, each when it arrives', async () => {
    const a = folder.open(DEVICE_A);
    const b = folder.open(DEVICE_B);
    for (const n of [1, 2, 3]) await a.write([play(DEVICE_A, n)]);
    const hidden = path(segment(DEVICE_A, 2));
    await rename(hidden, `${hidden}.aside`);

    const early = await b.read(null);
    expect(ids(early.changes)).toEqual(ids([play(DEVICE_A, 1), play(DEVICE_A, 3)]));
    expect(early.devices[0]?.missing).toEqual([2]);

    await rename(`${hidden}.aside`, hidden);
    const late = await b.read(early.cursor);
    expect(late.changes).toEqual([play(DEVICE_A, 2)]);
    expect(late.devices[0]?.missing).toEqual([]);
  });

  it('a snapshot supersedes the segments it covers, read or not', async () => {
    const a = folder.open(DEVICE_A);
    const b = folder.open(DEVICE_B);
    const c = folder.open(DEVICE_C);
    await a.write(plays(DEVICE_A, 1, 2));
    const seenByB = await b.read(null);
    await a.write(plays(DEVICE_A, 3, 4));

    const compacted = await a.compact(plays(DEVICE_A, 1, 4));
    expect(compacted.number).toBe(3);
    expect(compacted.removed).toEqual([segment(DEVICE_A, 1), segment(DEVICE_A, 2)]);
    expect((await folder.files()).filter((f) => f.includes(DEVICE_A))).toEqual([
      `Marquee/devices/${DEVICE_A}/device.msync`,
      snapshot(DEVICE_A, 3),
    ]);
    await a.write([play(DEVICE_A, 5)]);

    // C never saw a segment: the snapshot and the newer segment are the whole history.
    const fresh = await c.read(null);
    expect(ids(fresh.changes)).toEqual(ids(plays(DEVICE_A, 1, 5)));
    expect(fresh.devices[0]).toMatchObject({ files: 2, missing: [] });
    // B had read the first segment; it reads the snapshot (merging twice is harmless) and 5.
    const later = await b.read(seenByB.cursor);
    expect(ids(later.changes)).toEqual(ids(plays(DEVICE_A, 1, 5)));
    expect((await b.read(later.cursor)).changes).toEqual([]);
  });

  it('ignores segments below a snapshot even when their deletion has not arrived yet', async () => {
    const a = folder.open(DEVICE_A);
    await a.write(plays(DEVICE_A, 1, 2));
    const kept = await readFile(path(segment(DEVICE_A, 1)));
    await a.compact(plays(DEVICE_A, 1, 2));
    // The sync service brings the snapshot before it removes the old segment.
    await writeFile(path(segment(DEVICE_A, 1)), kept);
    const read = await folder.open(DEVICE_B).read(null);
    expect(ids(read.changes)).toEqual(ids(plays(DEVICE_A, 1, 2)));
    expect(read.problems).toEqual([]);
  });

  it('skips temporary, partial and conflict names, reporting them as ignored, not as problems', async () => {
    const a = folder.open(DEVICE_A);
    const b = folder.open(DEVICE_B);
    await a.write([play(DEVICE_A, 1)]);
    await b.write([play(DEVICE_B, 1)]);
    const bytes = await readFile(path(segment(DEVICE_A, 1)));
    const dirA = `Marquee/devices/${DEVICE_A}`;
    const dirB = `Marquee/devices/${DEVICE_B}`;
    const strays = [
      `${dirA}/.syncthing.seg-000000000002.msync.tmp`,
      `${dirA}/~syncthing~seg-000000000002.msync.tmp`,
      `${dirA}/.seg-000000000002.msync.1a2b3c4d.tmp`,
      `${dirA}/.seg-000000000002.msync.icloud`,
      `${dirA}/.~seg-000000000002.msync`,
      `${dirA}/seg-000000000002.msync.partial`,
      `${dirA}/seg-000000000001 (Study iMac's conflicted copy 2026-01-15).msync`,
      `${dirA}/seg-000000000001.sync-conflict-20260115-120000-ABCDEFG.msync`,
      `${dirA}/notes.txt`,
      `${dirB}/seg-000000000001.sync-conflict-20260115-120000-ABCDEFG.msync`,
    ];
    for (const stray of strays) await writeFile(path(stray), bytes);

    const read = await folder.open(DEVICE_C).read(null);
    expect(read.changes).toEqual([play(DEVICE_A, 1), play(DEVICE_B, 1)]);
    expect(read.problems).toEqual([]);
    const why = Object.fromEntries(read.ignored.map((i) => [i.file, i.why]));
    expect(why).toEqual({
      [strays[0] ?? '']: 'temporary',
      [strays[1] ?? '']: 'temporary',
      [strays[2] ?? '']: 'temporary',
      [strays[3] ?? '']: 'partial',
      [strays[4] ?? '']: 'partial',
      [strays[5] ?? '']: 'partial',
      [strays[6] ?? '']: 'conflict',
      [strays[7] ?? '']: 'conflict',
      [strays[8] ?? '']: 'unknown',
      [strays[9] ?? '']: 'conflict',
    });
    expect(read.own.conflicts).toEqual([]);
    // The same conflict copy, seen by its own device, is noted: two installations share an id.
    const own = await b.read(null);
    expect(own.own.conflicts).toEqual([strays[9]]);
    expect(own.ignored.find((i) => i.file === strays[9])).toMatchObject({ own: true });
  });

  it('ignores a conflict copy of a whole device directory, and notes one of its own', async () => {
    await folder.open(DEVICE_A).write([play(DEVICE_A, 1)]);
    const copy = `Marquee/devices/${DEVICE_A} (Study iMac's conflicted copy 2026-01-15)`;
    await mkdir(path(copy));
    await writeFile(path(`${copy}/seg-000000000009.msync`), 'whatever');
    const other = await folder.open(DEVICE_B).read(null);
    expect(other.changes).toEqual([play(DEVICE_A, 1)]);
    expect(other.ignored).toEqual([{ file: copy, why: 'conflict', own: false }]);
    expect(other.problems).toEqual([]);
    const own = await folder.open(DEVICE_A).read(null);
    expect(own.own.conflicts).toEqual([copy]);
  });

  it('a device folder restored from an old backup never brings a number back', async () => {
    const a = folder.open(DEVICE_A);
    const b = folder.open(DEVICE_B);
    for (const n of [1, 2, 3]) await a.write([play(DEVICE_A, n)]);
    const seen = await b.read(null);
    // The backup knew only file 1: 2 and 3 are gone from the folder.
    await rm(path(segment(DEVICE_A, 2)));
    await rm(path(segment(DEVICE_A, 3)));
    expect((await a.read(null)).own.missing).toEqual([2, 3]);

    const next = await a.write([play(DEVICE_A, 4)]);
    expect(next?.number).toBe(4);
    // A restarted app that remembers its next number does not reuse one either.
    const restarted = folder.open(DEVICE_A, { nextNumber: a.nextNumber() });
    expect((await restarted.write([play(DEVICE_A, 5)]))?.number).toBe(5);
    // Nor does one whose library is older than the folder: the folder's numbers count too.
    const oldLibrary = folder.open(DEVICE_A, { nextNumber: 2 });
    expect((await oldLibrary.write([play(DEVICE_A, 6)]))?.number).toBe(6);
    const later = await b.read(seen.cursor);
    expect(ids(later.changes)).toEqual(ids(plays(DEVICE_A, 4, 6)));
    // Compaction shares the lost files again.
    await restarted.compact(plays(DEVICE_A, 1, 6));
    expect((await restarted.read(null)).own.missing).toEqual([]);
    expect(ids((await folder.open(DEVICE_C).read(null)).changes)).toEqual(
      ids(plays(DEVICE_A, 1, 6)),
    );
  });

  it('a computer away for months reads the newest snapshot and keeps a small cursor', async () => {
    const a = folder.open(DEVICE_A);
    const b = folder.open(DEVICE_B);
    await a.write(plays(DEVICE_A, 1, 2));
    const before = await b.read(null);
    for (let n = 3; n <= 40; n += 1) {
      await a.write([play(DEVICE_A, n)]);
      if (n % 10 === 0) await a.compact(plays(DEVICE_A, 1, n));
    }
    const back = await b.read(before.cursor);
    expect(ids(back.changes)).toEqual(ids(plays(DEVICE_A, 1, 40)));
    expect(back.devices[0]).toMatchObject({ files: 1, missing: [] });
    // What the snapshot covers is forgotten: the cursor names the snapshot and the device info.
    expect(Object.keys(back.cursor.devices[DEVICE_A]?.read ?? {}).sort()).toEqual([
      'device.msync',
      'snap-000000000043.msync',
    ]);
  });

  it('compaction keeps what the folder holds and the library lost, and gives it back', async () => {
    const a = folder.open(DEVICE_A);
    await a.write(plays(DEVICE_A, 1, 3));
    await a.write(plays(DEVICE_A, 4, 5));
    // The library was restored from a backup that knew plays 1 to 3 only.
    const compacted = await a.compact(plays(DEVICE_A, 1, 3));
    expect(ids(compacted.recovered)).toEqual(ids(plays(DEVICE_A, 4, 5)));
    const read = await folder.open(DEVICE_B).read(null);
    expect(ids(read.changes)).toEqual(ids(plays(DEVICE_A, 1, 5)));
    expect((await a.compact(plays(DEVICE_A, 1, 5))).recovered).toEqual([]);
  });

  it('reads a new file written under an old name, and not a file merely touched', async () => {
    const a = folder.open(DEVICE_A);
    const b = folder.open(DEVICE_B);
    await a.write([play(DEVICE_A, 1)]);
    const seen = await b.read(null);
    // The same bytes copied back (a restore, a re-download) change the stat, not the file.
    const bytes = await readFile(path(segment(DEVICE_A, 1)));
    await rm(path(segment(DEVICE_A, 1)));
    await writeFile(path(segment(DEVICE_A, 1)), bytes);
    await utimes(
      path(segment(DEVICE_A, 1)),
      new Date(Date.UTC(2026, 1, 1)),
      new Date(Date.UTC(2026, 1, 1)),
    );
    const touched = await b.read(seen.cursor);
    expect(touched.changes).toEqual([]);
    // Both the folder and the library restored from an old backup: number 1 is written anew.
    await rm(path(segment(DEVICE_A, 1)));
    const reborn = folder.open(DEVICE_A);
    expect((await reborn.write([play(DEVICE_A, 2)]))?.number).toBe(1);
    await utimes(
      path(segment(DEVICE_A, 1)),
      new Date(Date.UTC(2026, 1, 2)),
      new Date(Date.UTC(2026, 1, 2)),
    );
    const read = await b.read(touched.cursor);
    expect(read.changes).toEqual([play(DEVICE_A, 2)]);
  });

  it('reports files the person deleted as missing until a snapshot covers them', async () => {
    const a = folder.open(DEVICE_A);
    const b = folder.open(DEVICE_B);
    for (const n of [1, 2, 3]) await a.write([play(DEVICE_A, n)]);
    await rm(path(segment(DEVICE_A, 2)));
    const read = await b.read(null);
    expect(read.problems).toEqual([]);
    expect(read.devices[0]?.missing).toEqual([2]);
    expect((await a.read(null)).own.missing).toEqual([2]);
    // A file already read and then deleted is not missing.
    await rm(path(segment(DEVICE_A, 3)));
    expect((await b.read(read.cursor)).devices[0]?.missing).toEqual([2]);
    await a.compact(plays(DEVICE_A, 1, 3));
    const healed = await b.read(read.cursor);
    expect(healed.devices[0]?.missing).toEqual([]);
    expect(ids(healed.changes)).toEqual(ids(plays(DEVICE_A, 1, 3)));
  });

  it('names a device from its device info, and renames it when that is replaced', async () => {
    const a = folder.open(DEVICE_A);
    const b = folder.open(DEVICE_B);
    await a.write([play(DEVICE_A, 1)]);
    const first = await b.read(null);
    expect(first.devices[0]?.name).toBe('Computer a');
    await a.writeDeviceInfo('  Study iMac  ');
    const renamed = await b.read(first.cursor);
    expect(renamed.devices[0]?.name).toBe('Study iMac');
    expect(renamed.changes).toEqual([]);
  });

  it('an absent folder is not an error: nothing read, the cursor kept, writes refused plainly', async () => {
    const a = folder.open(DEVICE_A);
    await a.write([play(DEVICE_A, 1)]);
    const cursor = (await folder.open(DEVICE_B).read(null)).cursor;
    await rm(join(folder.root, 'Marquee'), { recursive: true });
    const read = await folder.open(DEVICE_B).read(cursor);
    expect(read).toMatchObject({ available: false, changes: [], problems: [], cursor });
    await expect(a.write([play(DEVICE_A, 2)])).rejects.toMatchObject({
      code: 'folder-missing',
      message: expect.stringMatching(/not available/) as unknown,
    });
    // Nothing was made where an unplugged drive would be.
    expect(await folder.files()).toEqual([]);
    // A cursor that is not one starts over.
    expect((await folder.open(DEVICE_B).read({ version: 9 })).cursor).toEqual(emptyCursor());
  });
});
