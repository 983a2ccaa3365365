import { CodedError } from '../../src-shared/ipc/errors';
import { createChangePath } from '../changes/change-path';
import { createChangeStore } from '../changes/store/changes';
import { parseBackup, type Backup } from '../import/backup';
import { restoreHistory, restoreTracking, type HistoryRestored } from '../import/backup-restore';
import { checkPlayTimes } from '../import/play-times';
import { readImport } from '../import/read/index';
import { ImportFileError, type ParsedImport } from '../import/rows';
import { createImportJobStore } from '../import/store/jobs';
import { createTrackingStore } from '../tracking/store';
import { createTracking } from '../tracking/tracking';
import type { JobContext, JobControl } from './registry';

/**
 * A backup file read and checked here: the readers tell its format (anything but a backup comes
 * back as read), the play-time rule names the plays it leaves out, the schema checks the rest,
 * and the document goes back as JSON text, which the main process stores without parsing it.
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
    return { ...rest, backupText: JSON.stringify(parseBackup(doc)) };
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
}

/**
 * A backup's history, series settings and inbox, restored on the worker's connection: the
 * stored document is read and checked here, the plays written a chunk per transaction with a
 * cancel check and a progress report between chunks; cancelled, the plays added are removed
 * before the job fails. Every write goes through the change path, which records it; the main
 * process announces the changes once the job is over. The library and the settings, which reach
 * TMDB and settings.json, are left to the main process with what it needs of the backup.
 */
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
  const tracking = createTracking(createTrackingStore(context.library), {
    clock,
    timeZone: () => input.timeZone,
    region: () => '',
    // The main process writes too while this runs: the clock reads the log before each change.
    changes: createChangePath({ store: createChangeStore(context.library), clock, shared: true }),
  });
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
  };
}
