import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { type TestCore } from '../core/testing/core';
import { useComputerLab } from './testing/lab';
import { PASSPHRASE } from './testing/computers';

/*
 * Two computers (two whole cores, each with its own data folder and keychain) share one sync
 * folder, as a sync service keeps it in step: what one marks watched, the other shows; an undo
 * travels too; history from before sync is carried; a wrong passphrase or a tampered file is
 * refused with a plain sentence and changes nothing here; no secret reaches a log or an answer.
 */

const lab = useComputerLab({ titles: 60 });
let shared: string;
let a: TestCore;
let b: TestCore;

async function playsOf(t: TestCore): Promise<string[]> {
  const { plays } = await t.value('tracking.history', { limit: 500 });
  return plays.map((p) => p.uid).sort();
}

beforeEach(async () => {
  shared = lab.tempDir('marquee-sync-folder-');
  a = await lab.start({ name: 'Laptop' });
  b = await lab.start({ name: 'Study' });
});

describe('sync across computers', () => {
  it('carries history made before sync, then each new play and its undo, both ways', async () => {
    const [first, second] = lab.catalogue.data.movies;
    if (!first || !second) throw new Error('the catalogue has no films');
    // History on A from before sync was set up.
    await a.value('tracking.mark', {
      target: { scope: 'movie', movieId: first.id },
      when: { kind: 'date', date: '2021-05-01' },
    });
    // Marquee recorded no changes before this version: that play has no record to carry.
    forgetChangeLog(a);
    const setUp = await a.value('devices.setup', {
      folder: shared,
      passphrase: PASSPHRASE,
      name: 'Laptop',
    });
    expect(setUp?.state).toBe('idle');
    expect(setUp?.thisDevice.name).toBe('Laptop');

    // B joins with the same passphrase and gets A's history.
    const joined = await b.value('devices.setup', {
      folder: shared,
      passphrase: PASSPHRASE,
      name: 'Study',
    });
    expect(joined?.devices.map((d) => d.name)).toEqual(['Laptop']);
    expect(await playsOf(b)).toEqual(await playsOf(a));
    expect(await playsOf(b)).toHaveLength(1);
    // B has made no change of its own yet; A lists it all the same, by the name it was given.
    expect((await a.value('devices.syncNow')).devices.map((d) => d.name)).toEqual(['Study']);

    // A play on B reaches A.
    const marked = await b.value('tracking.mark', {
      target: { scope: 'movie', movieId: second.id },
      when: { kind: 'date', date: '2026-11-01' },
    });
    await b.value('devices.syncNow');
    const onA = await a.value('devices.syncNow');
    expect(onA.devices.find((d) => d.name === 'Study')?.changes).toBeGreaterThan(0);
    expect(await playsOf(a)).toHaveLength(2);
    expect(await playsOf(a)).toEqual(await playsOf(b));

    // Undo on A: gone on B.
    const uid = marked.added[0]?.uid ?? '';
    await a.value('tracking.unmark', { target: { scope: 'play', uid } });
    await a.value('devices.syncNow');
    await b.value('devices.syncNow');
    expect(await playsOf(b)).not.toContain(uid);
    expect(await playsOf(b)).toEqual(await playsOf(a));

    // Nothing in the folder reads as the film's id, its date or the passphrase.
    const bytes = readAll(shared);
    expect(bytes.includes(PASSPHRASE)).toBe(false);
    expect(bytes.includes('2021-05-01')).toBe(false);
    expect(bytes.includes(`"mediaId":${String(first.id)}`)).toBe(false);
  });

  it('carries a play captured from a media server like any other, and its undo', async () => {
    const [film] = lab.catalogue.data.movies;
    await a.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Laptop' });
    await b.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Study' });
    // The demo's simulated server plays a film to the end on A.
    await a.value('capture.simulatePlay', { mediaType: 'movie', id: film?.id ?? 0 });
    const captured = await a.value('capture.captured', { limit: 10, offset: 0 });
    expect(captured.plays).toHaveLength(1);
    await a.value('devices.syncNow');
    await b.value('devices.syncNow');
    expect(await playsOf(b)).toEqual(await playsOf(a));
    expect(await playsOf(b)).toHaveLength(1);
    // Undo on A (Captured's Undo removes the play) is gone on B too.
    const uid = (await playsOf(a))[0] ?? '';
    await a.value('tracking.unmark', { target: { scope: 'play', uid } });
    await a.value('devices.syncNow');
    await b.value('devices.syncNow');
    expect(await playsOf(b)).toEqual([]);
  });

  it('refuses another passphrase with a plain sentence and changes nothing', async () => {
    await a.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Laptop' });
    const before = await playsOf(b);
    const result = await b.call('devices.setup', {
      folder: shared,
      passphrase: 'another passphrase entirely',
      name: 'Study',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toMatch(/different passphrase/);
      expect(result.error.message).not.toContain('another passphrase');
    }
    expect((await b.value('devices.status')).state).toBe('off');
    expect(await playsOf(b)).toEqual(before);
  });

  it('leaves out a tampered file, says so, and keeps the library as it was', async () => {
    const [film] = lab.catalogue.data.movies;
    await a.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Laptop' });
    await b.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Study' });
    await a.value('tracking.mark', { target: { scope: 'movie', movieId: film?.id ?? 0 } });
    await a.value('devices.syncNow');
    // Someone with access to the cloud folder flips a byte in A's newest file.
    const newest = newestFileOf(shared);
    const bytes = fs.readFileSync(newest);
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] ?? 0) ^ 0xff;
    fs.writeFileSync(newest, bytes);
    const before = await playsOf(b);
    const status = await b.value('devices.syncNow');
    expect(status.state).toBe('problem');
    expect(status.message).toMatch(/could not be read/);
    expect(status.problems.length).toBeGreaterThan(0);
    expect(await playsOf(b)).toEqual(before);
  });

  it('writes no passphrase or key into a log line, and stops when asked, keeping the history', async () => {
    const [film] = lab.catalogue.data.movies;
    await a.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Laptop' });
    await a.value('tracking.mark', { target: { scope: 'movie', movieId: film?.id ?? 0 } });
    await a.value('devices.syncNow');
    const stopped = await a.value('devices.stop');
    expect(stopped.state).toBe('off');
    expect(await playsOf(a)).toHaveLength(1);
    expect(a.log.lines.join('\n')).not.toContain(PASSPHRASE);
    expect(JSON.stringify(a.events)).not.toContain(PASSPHRASE);
  });
});

/** Empties a computer's change log, as in a library kept before changes were recorded. */
function forgetChangeLog(t: TestCore): void {
  const db = new Database(path.join(t.dataDir, 'library.db'));
  try {
    db.exec('DELETE FROM changes');
  } finally {
    db.close();
  }
}

/** Every file of the sync folder, as one Latin-1 string to search. */
function readAll(root: string): string {
  let out = '';
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      out += fs.readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1');
  }
  return out;
}

/** The newest data file in the folder (not a computer's name file). */
function newestFileOf(root: string): string {
  const files = fs
    .readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.parentPath.includes('devices') && !e.name.startsWith('device'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort((x, y) => fs.statSync(y).mtimeMs - fs.statSync(x).mtimeMs);
  const newest = files[0];
  if (!newest) throw new Error('no file in the sync folder');
  return newest;
}
