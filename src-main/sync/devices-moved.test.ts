import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../credentials';
import type { TestCore } from '../core/testing/core';
import { nodeFolderFs, type FolderFs } from './folder/folder-fs';
import { PASSPHRASE, libraryOf, rememberAnotherMachine, uidsOf } from './testing/computers';
import { useComputerLab } from './testing/lab';

/*
 * A data folder moved to a new computer, the old one retired: the copy takes a new device id, and
 * what the old computer did but never wrote to the folder (its disk was full, it was offline) goes
 * out in the new computer's files, each change with its original id, clock and device.
 */

const lab = useComputerLab({ titles: 20 });
const { tempDir, start, stop, mark } = lab;

interface Row {
  id: string;
  hlc: string;
  device: string;
}
/** The change log of a computer's library: identity, clock and device of each change. */
function changesOf(t: TestCore): Row[] {
  const db = new Database(path.join(t.dataDir, 'library.db'), { readonly: true });
  try {
    return db.prepare('SELECT id, hlc, device FROM changes ORDER BY id').all() as Row[];
  } finally {
    db.close();
  }
}

describe('a data folder moved to a new computer', () => {
  it('shares what the retired computer never wrote to the folder, as that computer made it', async () => {
    const shared = tempDir('marquee-sync-folder-');
    const disk = { full: false };
    const fullDisk: FolderFs = {
      writeNew: (file, data) =>
        disk.full
          ? Promise.reject(Object.assign(new Error('ENOSPC: no space'), { code: 'ENOSPC' }))
          : nodeFolderFs.writeNew(file, data),
      rename: (from, to) => nodeFolderFs.rename(from, to),
      remove: (file) => nodeFolderFs.remove(file),
    };
    const dirA = tempDir('marquee-core-');
    const keysA = memoryStore('Old laptop keychain');
    const a = await start({
      name: 'Old laptop',
      dataDir: dirA,
      credentials: keysA,
      devices: { folderFs: fullDisk },
    });
    const b = await start({ name: 'Study' });
    const setup = { folder: shared, passphrase: PASSPHRASE };
    const joined = await a.value('devices.setup', { ...setup, name: 'Old laptop' });
    const idA = joined?.thisDevice.id ?? '';
    await b.value('devices.setup', { ...setup, name: 'Study' });
    const sharedPlay = await mark(a, 0);
    await a.value('devices.syncNow');

    // The old computer's last plays never reach the folder; then it is retired for good.
    disk.full = true;
    const unshared = [await mark(a, 1), await mark(a, 2)];
    expect((await a.value('devices.syncNow')).state).toBe('problem');
    const madeOnA = changesOf(a).filter((c) => c.device === idA);
    await stop(a);

    const dirC = tempDir('marquee-core-');
    fs.cpSync(dirA, dirC, { recursive: true });
    rememberAnotherMachine(dirC);
    const keysC = memoryStore('New laptop keychain');
    await keysC.set('sync.folderKey', (await keysA.get('sync.folderKey')) ?? '');
    const c = await start({ name: 'New laptop', dataDir: dirC, credentials: keysC });
    const onC = await mark(c, 3);
    const status = await c.value('devices.syncNow');
    expect(status.state).toBe('idle');
    expect(status.thisDevice.id).not.toBe(idA);

    await b.value('devices.syncNow');
    expect(uidsOf(await libraryOf(b))).toEqual([sharedPlay, ...unshared, onC].sort());
    expect(await libraryOf(b)).toEqual(await libraryOf(c));
    // Each of the old computer's changes arrived once, with its own id, clock and device.
    const onB = changesOf(b);
    for (const change of madeOnA) expect(onB).toContainEqual(change);
    expect(new Set(onB.map((row) => row.id)).size).toBe(onB.length);
  });
});
