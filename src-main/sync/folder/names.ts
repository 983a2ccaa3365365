import { join } from 'node:path';

/**
 * Names in the sync folder. Under the folder the person picked:
 *
 *     Marquee/folder.json                          the key's salt and check, nothing personal
 *     Marquee/devices/<device id>/seg-<n>.msync    a segment: changes written at one flush
 *     Marquee/devices/<device id>/snap-<n>.msync   a snapshot: all that device's changes so far
 *     Marquee/devices/<device id>/device.msync     the device's name, replaced when renamed
 *
 * Segments and snapshots of a device share one number sequence (12 digits, from 1), never
 * reused. Anything else is ignored: sync services' temporary and partial files, their conflict
 * copies, and whatever else a person or a tool put there.
 */

export const APP_DIR = 'Marquee';
export const DEVICES_DIR = 'devices';
export const FOLDER_JSON = 'folder.json';
export const INFO_FILE = 'device.msync';

export type DataKind = 'segment' | 'snapshot';
export type FileKind = DataKind | 'device-info';

const prefixes: Record<DataKind, string> = { segment: 'seg', snapshot: 'snap' };

/** Why a name in the folder is not read. */
export type IgnoredWhy =
  /** A file still being written: Marquee's own temp names or a sync service's. */
  | 'temporary'
  /** A placeholder or partial download (iCloud, Dropbox, OneDrive). */
  | 'partial'
  /** A sync service's conflict copy. */
  | 'conflict'
  /** Not a Marquee name. */
  | 'unknown';

export type ParsedName =
  | { kind: DataKind; number: number }
  | { kind: 'device-info'; number: 0 }
  | { kind: 'ignored'; why: IgnoredWhy };

const DATA_NAME = /^(seg|snap)-(\d{12})\.msync$/;
const DEVICE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const deviceDirOf = (root: string, device: string): string =>
  join(root, APP_DIR, DEVICES_DIR, device);

/** A path relative to the sync folder, with forward slashes on every system. */
export const relativeOf = (device: string, name: string): string =>
  [APP_DIR, DEVICES_DIR, device, name].join('/');

export const isDeviceId = (value: string): boolean => DEVICE_ID.test(value);

export function dataFileName(kind: DataKind, number: number): string {
  return `${prefixes[kind]}-${String(number).padStart(12, '0')}.msync`;
}

/** Marquee's own temporary name for a file being written: skipped by every reader. */
export function tempFileName(final: string, random: string): string {
  return `.${final}.${random}.tmp`;
}

function ignoredWhy(name: string): IgnoredWhy {
  // Syncthing: `.syncthing.<name>.tmp`, `~syncthing~<name>.tmp` (Windows); Marquee's `.<name>.tmp`.
  if (/^(\.syncthing\.|~syncthing~).*\.tmp$/i.test(name) || /^\..*\.tmp$/i.test(name))
    return 'temporary';
  // Conflict copies: Dropbox/Drive `name (Laptop's conflicted copy 2026-01-01).ext`, Syncthing
  // `name.sync-conflict-<date>-<time>-<id>.ext`, Nextcloud `name (conflicted copy …)`.
  if (/\(.*conflicted copy.*\)/i.test(name) || /\.sync-conflict-/i.test(name)) return 'conflict';
  // iCloud placeholders `.name.icloud`; Office/OneDrive lock and partial names `.~name`, `~$name`;
  // browser-style and rsync partial downloads.
  if (
    /\.icloud$/i.test(name) ||
    /^(\.~|~\$)/.test(name) ||
    /\.(partial|part|crdownload|download)$/i.test(name)
  )
    return 'partial';
  return 'unknown';
}

/** What a name in a device's directory is. */
export function parseFileName(name: string): ParsedName {
  if (name === INFO_FILE) return { kind: 'device-info', number: 0 };
  const match = DATA_NAME.exec(name);
  if (match?.[1] !== undefined && match[2] !== undefined)
    return { kind: match[1] === 'seg' ? 'segment' : 'snapshot', number: Number(match[2]) };
  return { kind: 'ignored', why: ignoredWhy(name) };
}

/** What a directory under `devices/` is: a device's, or a conflict copy or stranger to ignore. */
export function parseDeviceDirName(name: string): { device: string } | { why: IgnoredWhy } {
  return isDeviceId(name) ? { device: name } : { why: ignoredWhy(name) };
}

/**
 * A number a name claims, conflict copies included (`seg-000000000007.sync-conflict-….msync`):
 * a number seen in any form in the device's own directory is never used again.
 */
export function numberInName(name: string): number | null {
  const match = /(?:seg|snap)-(\d{12})/.exec(name);
  return match?.[1] === undefined ? null : Number(match[1]);
}
