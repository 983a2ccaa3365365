import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { SharedChange } from '../../types';
import { createFolderKey, type FolderKey, type KdfParams } from '../crypto';
import { createSyncFolder, type SyncFolder, type SyncFolderOptions } from '../folder';
import { joinFolder } from '../setup';

/** scrypt at its cheapest: tests check the format and the flow, not the cost. */
export const cheapKdf: KdfParams = { N: 1024, r: 8, p: 1 };

export const DEVICE_A = 'aaaaaaaa-0000-4000-8000-000000000001';
export const DEVICE_B = 'bbbbbbbb-0000-4000-8000-000000000002';
export const DEVICE_C = 'cccccccc-0000-4000-8000-000000000003';

/** A fixed clock: tests never read the wall clock. */
export const fixedClock = (): number => Date.UTC(2026, 0, 15, 12, 0, 0);

/** A play as the tracking domain records it, with a title-free but recognisable shape. */
export function play(device: string, n: number, tmdbId = 1399): SharedChange {
  const uid = `play-${device.slice(0, 4)}-${String(n).padStart(6, '0')}`;
  const ms = Date.UTC(2026, 0, 1) + n * 60_000;
  return {
    id: `${device.slice(0, 8)}-change-${String(n).padStart(6, '0')}`,
    hlc: `${String(ms).padStart(13, '0')}-${String(n % 1000).padStart(6, '0')}`,
    device,
    domain: 'tracking',
    kind: 'plays.add',
    entity: `series:${tmdbId}`,
    data: {
      plays: [
        {
          uid,
          mediaType: 'episode',
          mediaId: tmdbId,
          season: 1,
          episode: (n % 10) + 1,
          watchedAt: ms,
          source: 'mark',
          createdAt: ms,
        },
      ],
    },
  };
}

export const plays = (device: string, from: number, to: number): SharedChange[] =>
  Array.from({ length: to - from + 1 }, (_, i) => play(device, from + i));

export interface TempFolder {
  root: string;
  key: FolderKey;
  open(device: string, extra?: Partial<SyncFolderOptions>): SyncFolder;
  /** Every path under the folder, relative, sorted. */
  files(): Promise<string[]>;
  dispose(): Promise<void>;
}

/** A real folder in the temp directory, set up with a cheap key. */
export async function tempFolder(passphrase = 'correct horse battery staple'): Promise<TempFolder> {
  const root = await mkdtemp(join(tmpdir(), 'marquee-sync-'));
  const { key } = await joinFolder(root, passphrase, { kdf: cheapKdf });
  return {
    root,
    key,
    open: (device, extra = {}) =>
      createSyncFolder({
        root,
        device,
        name: `Computer ${device.slice(0, 1)}`,
        key,
        clock: fixedClock,
        ...extra,
      }),
    files: async () =>
      (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
        .sort(),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

/** A key of another passphrase, for files written by a stranger. */
export async function otherKey(): Promise<FolderKey> {
  return (await createFolderKey('another passphrase entirely', cheapKdf)).key;
}

export const ids = (changes: readonly SharedChange[]): string[] => changes.map((c) => c.id).sort();
