import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import type { TestCore } from '../core/testing/core';
import {
  PASSPHRASE,
  dataFilesOf,
  deviceDir,
  isOneSentence,
  libraryOf,
  startComputer,
  uidsOf,
} from './testing/computers';

/*
 * What real sync services leave in the folder, seen by whole computers: temporary, in-progress and
 * conflict copies are skipped without a word; a file cut short or put in another computer's
 * directory is refused with one plain sentence; a file a person deleted is covered by its
 * computer's next snapshot. Each time the library here is what it was (a full read before and
 * after), and what is sound still arrives.
 */

let catalogue: Catalogue;
let shared: string;
let a: TestCore;
let b: TestCore;
let idA: string;
let idB: string;

const film = (index: number): number => {
  const movie = catalogue.data.movies[index];
  if (!movie) throw new Error(`the catalogue has no film ${String(index)}`);
  return movie.id;
};
const mark = async (t: TestCore, index: number): Promise<string> => {
  const { added } = await t.value('tracking.mark', {
    target: { scope: 'movie', movieId: film(index) },
    when: { kind: 'date', date: '2026-10-01' },
  });
  return added[0]?.uid ?? '';
};
const inA = (name: string): string => path.join(deviceDir(shared, idA), name);

beforeAll(async () => {
  catalogue = await startCatalogue({ titles: 60, messy: false });
});
afterAll(async () => {
  await catalogue.close();
});
beforeEach(async () => {
  shared = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-sync-folder-'));
  a = await startComputer({ catalogue, name: 'Laptop' });
  b = await startComputer({ catalogue, name: 'Study' });
  idA = (await a.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Laptop' }))
    ?.thisDevice.id as string;
  idB = (await b.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Study' }))
    ?.thisDevice.id as string;
  await mark(a, 0);
  await a.value('devices.syncNow');
  await b.value('devices.syncNow');
});
afterEach(async () => {
  await a.close();
  await b.close();
  fs.rmSync(shared, { recursive: true, force: true });
});

describe('files a sync service leaves in the folder', () => {
  it('skips temporary, in-progress and conflict copies in another computer’s directory', async () => {
    const second = await mark(a, 1);
    await a.value('devices.syncNow');
    // A's newest segment is still on its way: under Syncthing's temporary name.
    const [newest = ''] = dataFilesOf(shared, idA).slice(-1);
    const bytes = fs.readFileSync(inA(newest));
    fs.renameSync(inA(newest), inA(`.syncthing.${newest}.tmp`));
    // An in-progress download, and conflict copies of both kinds, of files B already read.
    const [first = ''] = dataFilesOf(shared, idA);
    fs.writeFileSync(inA(`${first}.partial`), bytes.subarray(0, 20));
    fs.writeFileSync(inA(`.~${first}`), bytes.subarray(0, 30));
    fs.writeFileSync(
      inA(first.replace('.msync', '.sync-conflict-20261127-101010-ABCDEFG.msync')),
      Buffer.from('not a Marquee file'),
    );
    fs.writeFileSync(
      inA(first.replace('.msync', " (Study's conflicted copy 2026-11-27).msync")),
      Buffer.from('not a Marquee file either'),
    );
    const before = await libraryOf(b);
    const status = await b.value('devices.syncNow');
    expect(status.state).toBe('idle');
    expect(status.message).toBeNull();
    expect(status.problems).toEqual([]);
    expect(await libraryOf(b)).toEqual(before);
    expect(uidsOf(before)).not.toContain(second);

    // Once it has arrived under its own name, it is read.
    fs.renameSync(inA(`.syncthing.${newest}.tmp`), inA(newest));
    const after = await b.value('devices.syncNow');
    expect(after.state).toBe('idle');
    expect(uidsOf(await libraryOf(b))).toContain(second);
    expect(await libraryOf(b)).toEqual(await libraryOf(a));
  });

  it('refuses a file cut short with one sentence, then reads it once complete', async () => {
    const second = await mark(a, 1);
    await a.value('devices.syncNow');
    const [newest = ''] = dataFilesOf(shared, idA).slice(-1);
    const whole = fs.readFileSync(inA(newest));
    fs.writeFileSync(inA(newest), whole.subarray(0, Math.floor(whole.length / 2)));
    const before = await libraryOf(b);
    const status = await b.value('devices.syncNow');
    expect(status.state).toBe('problem');
    expect(isOneSentence(status.message)).toBe(true);
    expect(status.problems.map((p) => p.file)).toEqual([`Marquee/devices/${idA}/${newest}`]);
    expect(status.problems.every((p) => isOneSentence(p.message))).toBe(true);
    expect(await libraryOf(b)).toEqual(before);

    fs.writeFileSync(inA(newest), whole);
    const after = await b.value('devices.syncNow');
    expect(after.state).toBe('idle');
    expect(after.problems).toEqual([]);
    expect(uidsOf(await libraryOf(b))).toContain(second);
  });

  it('refuses a file of one computer copied into another’s directory', async () => {
    const [ofA = ''] = dataFilesOf(shared, idA);
    fs.mkdirSync(deviceDir(shared, idB), { recursive: true });
    fs.copyFileSync(inA(ofA), path.join(deviceDir(shared, idB), 'seg-000000000090.msync'));
    const beforeA = await libraryOf(a);
    const status = await a.value('devices.syncNow');
    expect(status.state).toBe('problem');
    expect(isOneSentence(status.message)).toBe(true);
    expect(status.problems.map((p) => p.file)).toEqual([
      `Marquee/devices/${idB}/seg-000000000090.msync`,
    ]);
    expect(await libraryOf(a)).toEqual(beforeA);
    // B's own directory holds a file it did not write: never read as B's, B's library unchanged.
    const beforeB = await libraryOf(b);
    await b.value('devices.syncNow');
    expect(await libraryOf(b)).toEqual(beforeB);
    // And what B writes next still reaches A.
    const fromB = await mark(b, 2);
    await b.value('devices.syncNow');
    await a.value('devices.syncNow');
    expect(uidsOf(await libraryOf(a))).toContain(fromB);
    expect(await libraryOf(a)).toEqual(await libraryOf(b));
  });

  it('covers a file a person deleted with its computer’s next snapshot', async () => {
    const second = await mark(a, 1);
    await a.value('devices.syncNow');
    const [deleted = ''] = dataFilesOf(shared, idA).slice(-1);
    await mark(a, 2);
    await a.value('devices.syncNow');
    fs.rmSync(inA(deleted));
    const waiting = await b.value('devices.syncNow');
    expect(waiting.state).toBe('idle');
    expect(waiting.devices.find((d) => d.id === idA)?.waiting).toBe(1);
    expect(uidsOf(await libraryOf(b))).not.toContain(second);

    // A sees its own file gone and writes a snapshot of all it has.
    await a.value('devices.syncNow');
    expect(dataFilesOf(shared, idA).some((name) => name.startsWith('snap-'))).toBe(true);
    const after = await b.value('devices.syncNow');
    expect(after.devices.find((d) => d.id === idA)?.waiting).toBe(0);
    expect(uidsOf(await libraryOf(b))).toContain(second);
    expect(await libraryOf(b)).toEqual(await libraryOf(a));
  });

  it('brings back a computer’s directory restored from an old backup, losing nothing', async () => {
    const backup = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-backup-'));
    try {
      fs.cpSync(deviceDir(shared, idA), backup, { recursive: true });
      await mark(a, 1);
      await a.value('devices.syncNow');
      await mark(a, 2);
      await a.value('devices.syncNow');
      await b.value('devices.syncNow');
      const before = await libraryOf(b);
      expect(before).toEqual(await libraryOf(a));

      // The person restores the folder from last week's backup.
      fs.rmSync(deviceDir(shared, idA), { recursive: true });
      fs.cpSync(backup, deviceDir(shared, idA), { recursive: true });
      const status = await b.value('devices.syncNow');
      expect(status.problems).toEqual([]);
      expect(await libraryOf(b)).toEqual(before);

      // A sees its files gone and writes them again as one snapshot; a newcomer gets everything.
      await a.value('devices.syncNow');
      const c = await startComputer({ catalogue, name: 'Kitchen' });
      try {
        await c.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Kitchen' });
        expect(await libraryOf(c)).toEqual(before);
      } finally {
        await c.close();
      }
      expect((await b.value('devices.syncNow')).state).toBe('idle');
      expect(await libraryOf(b)).toEqual(before);
    } finally {
      fs.rmSync(backup, { recursive: true, force: true });
    }
  });

  it('takes its own files back quietly when sync is stopped and set up again', async () => {
    for (let time = 0; time < 3; time += 1) {
      await a.value('devices.stop');
      await mark(a, time + 1);
      const again = await a.value('devices.setup', {
        folder: shared,
        passphrase: PASSPHRASE,
        name: 'Laptop',
      });
      expect(again?.thisDevice.id).toBe(idA);
      expect(again?.state).toBe('idle');
      expect(again?.message).toBeNull();
    }
    await b.value('devices.syncNow');
    expect(await libraryOf(b)).toEqual(await libraryOf(a));
    expect(uidsOf(await libraryOf(b))).toHaveLength(4);
  });

  it('waits for a folder that is not there, keeping every change, and shares once it is back', async () => {
    const away = `${shared}-unplugged`;
    fs.renameSync(shared, away);
    try {
      const uid = await mark(a, 1);
      const waiting = await a.value('devices.syncNow');
      expect(waiting.state).toBe('waiting');
      expect(waiting.message).toMatch(/^Waiting for the sync folder/);
      expect(uidsOf(await libraryOf(a))).toContain(uid);
      expect(fs.existsSync(shared)).toBe(false);
      fs.renameSync(away, shared);
      const back = await a.value('devices.syncNow');
      expect(back.state).toBe('idle');
      expect(back.message).toBeNull();
      await b.value('devices.syncNow');
      expect(uidsOf(await libraryOf(b))).toContain(uid);
      expect(await libraryOf(b)).toEqual(await libraryOf(a));
    } finally {
      if (fs.existsSync(away)) fs.renameSync(away, shared);
    }
  });

  it('ends the same whatever order files arrive in, and however often', async () => {
    const seriesId = catalogue.data.tv[3]?.id ?? 0;
    await a.value('tracking.setHidden', { seriesId, hidden: true });
    await a.value('devices.syncNow');
    const [older = ''] = dataFilesOf(shared, idA).slice(-1);
    await a.value('tracking.setHidden', { seriesId, hidden: false });
    await a.value('tracking.setFollow', { seriesId, follow: 'follow' });
    await a.value('devices.syncNow');
    // The older file is late: B reads the newer first.
    const bytes = fs.readFileSync(inA(older));
    fs.renameSync(inA(older), inA(`.syncthing.${older}.tmp`));
    await b.value('devices.syncNow');
    fs.renameSync(inA(`.syncthing.${older}.tmp`), inA(older));
    await b.value('devices.syncNow');
    const settled = await libraryOf(b);
    expect(settled).toEqual(await libraryOf(a));
    expect(settled.series).toEqual([
      expect.objectContaining({ seriesId, follow: 'follow', hidden: 0 }),
    ]);
    // The same file again, written anew by a sync service: nothing changes.
    fs.rmSync(inA(older));
    fs.writeFileSync(inA(older), bytes);
    const again = await b.value('devices.syncNow');
    expect(again.state).toBe('idle');
    expect(await libraryOf(b)).toEqual(settled);
  });
});
