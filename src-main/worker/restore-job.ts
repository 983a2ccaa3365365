import { randomUUID } from 'node:crypto';
import { CodedError } from '../../src-shared/ipc/errors';
import { createChangePath } from '../changes/change-path';
import { createChangeStore } from '../changes/store/changes';
import { parseBackup, type Backup } from '../import/backup';
import {
  RESTORE_CHUNK,
  restoreHistory,
  restoreTracking,
  type HistoryRestored,
} from '../import/backup-restore';
import { checkPlayTimes } from '../import/play-times';
import { readImport } from '../import/read/index';
import { ImportFileError, type ParsedImport } from '../import/rows';
import { createImportJobStore } from '../import/store/jobs';
import { createTrackingStore } from '../tracking/store';
import { createTracking, type Tracking } from '../tracking/tracking';
import type { JobContext, JobControl } from './registry';

/** Backups read here, as checked JSON text, until stored with their job (the newest few). */
const held = new Map<string, string>();
const MAX_HELD = 4;

/** Stores a backup read here with its import job. */
export function storeBackupJob(context: JobContext, input: { jobId: string; held: string }): null {
  const text = held.get(input.held);
  if (text === undefined)
    throw new CodedError('not_found', 'This backup is no longer read. Choose the file again.');
  createImportJobStore(context.library).setBackup(input.jobId, text);
  return null;
}

/**
 * A backup file read and checked here: the readers tell its format (anything but a backup comes
 * back as read), the play-time rule names the plays it leaves out, the schema checks the rest,
 * and the document stays here, as checked JSON text, until `storeBackupJob` stores it with the
 * job the main process makes (the main process gets a name for it, never the text).
 */
export async function readBackupJob(
  _context: JobContext,
  input: { source: { name: string; bytes: Uint8Array } | { path: string }; now: number },
): Promise<ParsedImport> {
  let parsed: ParsedImport;
  try {
    parsed = checkPlayTimes(await readImport(input.source), input.now);
  } catch (error) {
    if (error instanceof ImportFileError) throw new CodedError('invalid_input', error.message);
    throw error;
  }
  if (parsed.format !== 'marquee-backup') return parsed;
  const { backup: doc, ...rest } = parsed;
  try {
    const token = randomUUID();
    held.set(token, JSON.stringify(parseBackup(doc)));
    while (held.size > MAX_HELD) held.delete(held.keys().next().value ?? token);
    return { ...rest, backupHeld: token };
  } catch (error) {
    return { ...rest, backupError: error instanceof Error ? error.message : String(error) };
  }
}

export interface RestoreJob {
  /** The import job whose stored backup is restored. */
  jobId: string;
  now: number;
  timeZone: string;
}

export interface RestoredHere {
  history: HistoryRestored;
  plays: number;
  library: Backup['library'];
  settings: Backup['settings'];
  preferences?: Backup['preferences'];
}

/**
 * A backup's history, series settings and inbox, restored on the worker's connection: the
 * stored document is read and checked here, the plays written a chunk per transaction with a
 * cancel check and a progress report between chunks; cancelled, the plays added are removed
 * before the job fails. Every write goes through the change path, which records it; the main
 * process announces the changes once the job is over. The library and the settings, which reach
 * TMDB and settings.json, are left to the main process with what it needs of the backup.
 */
/** The worker's tracking domain, writing through a change path that shares the log with main. */
function trackingHere(context: JobContext, input: { now: number; timeZone: string }): Tracking {
  const clock = (): number => input.now;
  return createTracking(createTrackingStore(context.library), {
    clock,
    timeZone: () => input.timeZone,
    region: () => '',
    // The main process writes too while this runs: the clock reads the log before each change.
    changes: createChangePath({ store: createChangeStore(context.library), clock, shared: true }),
  });
}

/** Change-log entries read per page when undoing. */
const UNDO_PAGE = 500;

/**
 * Undoes a restore that stopped without undoing itself (its worker died between chunks): the
 * plays of the backup that this computer's `plays.add` changes since `since` added are removed,
 * a chunk per transaction. Plays marked meanwhile are not the backup's, and stay.
 */
export function undoRestoreJob(
  context: JobContext,
  input: { jobId: string; since: number; now: number; timeZone: string },
): { removed: number } {
  const stored = createImportJobStore(context.library).backup(input.jobId) as {
    history?: { uid?: unknown }[];
  } | null;
  const ofBackup = new Set((stored?.history ?? []).map((p) => String(p.uid)));
  const changes = createChangeStore(context.library);
  const device = changes.meta('device');
  const uids: string[] = [];
  for (let after = input.since; ;) {
    const page = changes.since(after, UNDO_PAGE);
    for (const c of page) {
      if (c.kind !== 'plays.add' || c.device !== device) continue;
      for (const p of (c.data as { plays?: { uid: string }[] }).plays ?? [])
        if (ofBackup.has(p.uid)) uids.push(p.uid);
    }
    if (page.length < UNDO_PAGE) break;
    after = page[page.length - 1]?.seq ?? after;
  }
  const tracking = trackingHere(context, input);
  let removed = 0;
  for (let i = 0; i < uids.length; i += RESTORE_CHUNK)
    removed += tracking.removePlays(uids.slice(i, i + RESTORE_CHUNK)).removed.length;
  return { removed };
}

export async function restoreJob(
  context: JobContext,
  input: RestoreJob,
  control: JobControl,
): Promise<RestoredHere> {
  const stored = createImportJobStore(context.library).backup(input.jobId);
  if (stored === null)
    throw new CodedError('not_found', 'This backup is no longer there. Choose the file again.');
  let backup: Backup;
  try {
    backup = parseBackup(stored);
  } catch (error) {
    throw new CodedError('invalid_input', error instanceof Error ? error.message : String(error));
  }
  const clock = (): number => input.now;
  const tracking = trackingHere(context, input);
  const history = await restoreHistory(backup.history, {
    tracking,
    clock,
    between: (done, total) => {
      control.progress(done, total);
      control.checkpoint();
    },
  });
  restoreTracking(backup, tracking);
  return {
    history,
    plays: history.added + history.alreadyPresent,
    library: backup.library,
    settings: backup.settings,
    ...(backup.preferences ? { preferences: backup.preferences } : {}),
  };
}
