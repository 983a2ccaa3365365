import type { Change } from '../changes/types';

/**
 * Sync across a person's computers through a folder their own sync service keeps in step
 * (Syncthing, Dropbox, iCloud Drive, OneDrive…). Each installation writes only its own files in
 * that folder, encrypted; every other installation reads them and merges the changes into its
 * library. These are the shapes shared by the folder (files, keys) and the merge.
 */

/** A change as it travels between computers: everything but this computer's local order. */
export type SharedChange = Omit<Change, 'seq'>;

/** Why a file in the folder was not applied; shown in the sync status, never silently dropped. */
export type SyncProblemReason =
  /** Its authentication failed: changed after it was written, or cut short. */
  | 'tampered'
  /** Written with another passphrase (another person's folder, or a second passphrase set). */
  | 'wrong-passphrase'
  /** Not a Marquee sync file, or one from a newer Marquee that this one cannot read. */
  | 'unreadable'
  /** It claims to be from one computer but sits in another's place. */
  | 'foreign';

export interface SyncProblem {
  /** The file's path relative to the sync folder. */
  file: string;
  reason: SyncProblemReason;
  /** One plain sentence for the sync status. */
  message: string;
}

/** Another computer seen in the folder. */
export interface PeerDevice {
  device: string;
  /** The name its owner gave it ("Study iMac"), bounded text. */
  name: string;
  /** The clock of its newest change read here, or null when none yet. */
  lastHlc: string | null;
  /** Changes of it read and applied here. */
  changes: number;
}
