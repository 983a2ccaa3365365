import { z } from 'zod';
import type { Domain } from './domain';
import { noInput } from './models';

/**
 * Sync across a person's computers: the history Marquee alone keeps (plays, series settings, the
 * inbox's read state) shared through a folder their own sync service keeps in step (Syncthing,
 * Dropbox, iCloud Drive, OneDrive…), end-to-end encrypted with a passphrase. Not to be confused
 * with `sync.*`, the outbox of changes on their way to TMDB.
 */

const deviceId = z.string().regex(/^[0-9a-f-]{8,64}$/, 'expected a computer id');
const computerName = z.string().trim().min(1).max(80);
/** An absolute folder path on this computer (POSIX or Windows). */
const folderPath = z
  .string()
  .min(1)
  .max(4_000)
  .refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\'), {
    message: 'expected a full folder path',
  });

export const peerDeviceView = z.object({
  id: deviceId,
  name: z.string().max(200),
  /** When its newest change read here was made (by its clock), or null when none yet. */
  lastChangeAt: z.number().nullable(),
  /** Its changes read and merged here. */
  changes: z.number().int(),
  /** Its files in the folder not read here yet (still arriving, or refused). */
  waiting: z.number().int(),
  /** Forgotten: its files are no longer read. */
  forgotten: z.boolean(),
});
export type PeerDeviceView = z.infer<typeof peerDeviceView>;

export const syncProblemView = z.object({
  file: z.string().max(1_000),
  message: z.string().max(500),
});

export const devicesStatus = z.object({
  /** Off: no folder chosen. */
  state: z.enum(['off', 'idle', 'syncing', 'waiting', 'problem']),
  folder: z.string().nullable(),
  thisDevice: z.object({ id: z.string(), name: z.string().max(200) }),
  /** The last time this computer's changes were written and the others' read, or null. */
  lastSyncedAt: z.number().nullable(),
  /** One plain sentence for the status line; null when all is well. */
  message: z.string().max(500).nullable(),
  /** A first sync of a large history: how far it has come. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  problems: z.array(syncProblemView),
  devices: z.array(peerDeviceView),
});
export type DevicesStatus = z.infer<typeof devicesStatus>;

export const devicesChannels = {
  'devices.status': { input: noInput, output: devicesStatus },
  /**
   * Starts syncing through a folder: sets up Marquee's files there with this passphrase, or joins
   * the ones another computer set up (the passphrase must then be theirs). `folder: 'dialog'` asks
   * with the system's folder dialog (desktop only; answers null status when closed).
   */
  'devices.setup': {
    input: z.object({
      folder: z.union([z.literal('dialog'), folderPath]),
      passphrase: z.string().min(8).max(1_000),
      name: computerName,
    }),
    output: devicesStatus.nullable(),
  },
  'devices.rename': { input: z.object({ name: computerName }), output: devicesStatus },
  /** Reads and writes now instead of waiting for the folder to announce a change. */
  'devices.syncNow': { input: noInput, output: devicesStatus },
  /** Stops syncing on this computer; the history stays, the folder's files stay. */
  'devices.stop': { input: noInput, output: devicesStatus },
  /** No longer reads a computer's files; what was merged from it stays. */
  'devices.forget': { input: z.object({ id: deviceId }), output: devicesStatus },
} as const;

export const devicesEvents = {
  'devices.changed': devicesStatus,
} as const;

export type DevicesChannel = keyof typeof devicesChannels;

export const devicesDomain = {
  channels: devicesChannels,
  events: devicesEvents,
} satisfies Domain;
