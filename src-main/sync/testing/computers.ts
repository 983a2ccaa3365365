import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { Catalogue } from '../../../catalogue';
import type { PlayView } from '../../../src-shared/ipc/contract/tracking';
import { memoryStore, type CredentialStore } from '../../credentials';
import type { DevicesWiring } from '../../core/devices-wiring';
import { startTestCore, type TestCore } from '../../core/testing/core';
import { everyPlayOf } from '../../core/testing/history';

/*
 * Whole computers for sync tests: a core each, with its own data folder and keychain, and a full
 * read of what sync carries (every play, every series setting) to compare before and after.
 */

export const PASSPHRASE = 'correct horse battery staple';
/** Cheap key stretching: the tests check the flow, not scrypt's cost. */
export const KDF = { N: 2 ** 10, r: 8, p: 1 };

export interface ComputerOptions {
  catalogue: Catalogue;
  name: string;
  /** A data folder kept after close (a computer started again on it). */
  dataDir?: string;
  /** The keychain: pass the same one again for the same computer started again. */
  credentials?: CredentialStore;
  devices?: Partial<DevicesWiring>;
}

export function startComputer(options: ComputerOptions): Promise<TestCore> {
  return startTestCore({
    useCatalogue: options.catalogue,
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    core: {
      credentials: options.credentials ?? memoryStore(`${options.name}'s keychain`),
      devices: {
        kdf: KDF,
        watch: false,
        flushDelayMs: 0,
        hostName: options.name,
        ...options.devices,
      },
    },
  });
}

export interface SeriesSettings {
  seriesId: number;
  follow: string;
  includeSpecials: number;
  hidden: number;
  snoozedUntil: number | null;
}

export interface LibraryRead {
  plays: PlayView[];
  series: SeriesSettings[];
}

/** Every play (through the window's channel) and every series' settings, in a stable order. */
export async function libraryOf(t: TestCore): Promise<LibraryRead> {
  const plays = await everyPlayOf(t);
  plays.sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const db = new Database(path.join(t.dataDir, 'library.db'), { readonly: true });
  try {
    const series = db
      .prepare(
        `SELECT series_id AS seriesId, follow, include_specials AS includeSpecials, hidden,
           snoozed_until AS snoozedUntil
         FROM tracked_series
         WHERE follow <> 'none' OR include_specials <> 0 OR hidden <> 0 OR snoozed_until IS NOT NULL
         ORDER BY series_id`,
      )
      .all() as SeriesSettings[];
    return { plays, series };
  } finally {
    db.close();
  }
}

/** The uids of a library's plays, sorted. */
export const uidsOf = (library: LibraryRead): string[] => library.plays.map((p) => p.uid);

/** Whether a status message is one plain sentence: one line, ending in a full stop, no other. */
export function isOneSentence(message: string | null): boolean {
  return message !== null && /^[^\n]+\.$/.test(message) && !/[.!?]\s/.test(message.slice(0, -1));
}

/** Every file under a folder (relative, '/'-separated, sorted). */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep))
    .map((parts) => parts.join('/'))
    .sort();
}

/** A computer's directory in the sync folder. */
export const deviceDir = (root: string, device: string): string =>
  path.join(root, 'Marquee', 'devices', device);

/** The data files (segments and snapshots) of a computer in the folder, sorted by name. */
export function dataFilesOf(root: string, device: string): string[] {
  const dir = deviceDir(root, device);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /^(seg|snap)-\d{12}\.msync$/.test(name))
    .sort();
}

/** As if the library had last been opened on another computer: its next start takes a new id. */
export function rememberAnotherMachine(dataDir: string): void {
  const db = new Database(path.join(dataDir, 'library.db'));
  try {
    db.prepare("UPDATE change_meta SET value = 'another computer' WHERE key = 'fingerprint'").run();
    expect(db.prepare('SELECT changes() AS n').get()).toEqual({ n: 1 });
  } finally {
    db.close();
  }
}
