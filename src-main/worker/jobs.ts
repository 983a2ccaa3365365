import type { Settings } from '../../src-shared/ipc/contract/settings';
import type { StatsMedia } from '../../src-shared/ipc/contract/stats';
import { createLocalTitles } from '../cache/store/titles';
import { backupFile, createBackup, parseBackup, planRestore } from '../import/backup';
import { createImportJobStore } from '../import/store/jobs';
import { createBackupStore } from '../import/store/backup';
import { exportFile, type ExportDeps } from '../import/export';
import type { ExportKind } from '../import/service-types';
import { createStats, type Stats } from '../stats/stats';
import { createStatsStore, type StatsStore } from '../stats/store';
import type { CalendarWindow } from '../tracking/calendar';
import { icsFile } from '../tracking/tracking';
import { applyWatchedJob } from './import-apply-job';
import { analyseImportJob, readImportJob } from './import-job';
import { libraryOf, trackingOf } from './domains';
import type { JobContext, JobControl } from './registry';
import { picksJob } from './picks-job';
import { readBackupJob, restoreJob, storeBackupJob, undoRestoreJob } from './restore-job';
import { syncMergeJob, syncReadJob } from './sync-job';

/**
 * The heavy jobs: the same domain code the main process used to run itself, built here over the
 * worker's own connections. What the main process knows and the files do not (the time, the
 * user's time zone and region, the settings, whether the facts fill is running) comes in the
 * input, so an answer is the one the main process would have given at that moment.
 */
export interface AtNow {
  now: number;
  timeZone: string;
}
export interface StatsJob extends AtNow {
  filling: boolean;
}

/**
 * The stats keep every watched title's facts in memory between calls. Here they are kept while
 * no other connection has committed to the library (`PRAGMA data_version`); after any commit
 * (a play marked, facts filled) they are read again.
 */
const statsStores = new WeakMap<JobContext, { version: number; store: StatsStore }>();
function statsStore(context: JobContext): StatsStore {
  const version = Number(context.library.pragma('data_version', { simple: true }));
  const kept = statsStores.get(context);
  if (kept !== undefined && kept.version === version) return kept.store;
  const store = createStatsStore(context.library);
  statsStores.set(context, { version, store });
  return store;
}

function statsOf(context: JobContext, input: StatsJob): Stats {
  return createStats({
    store: statsStore(context),
    clock: () => input.now,
    timeZone: () => input.timeZone,
    filling: () => input.filling,
  });
}

/** Reads of the history page by page, checking for a cancel and reporting progress between them. */
const paged =
  (control: JobControl) =>
  (done: number, total: number): void => {
    control.checkpoint();
    control.progress(done, total);
  };

export const heavyJobs = {
  'stats.overview': (
    context: JobContext,
    input: StatsJob & { query: { from?: string; to?: string; media: StatsMedia } },
  ) => statsOf(context, input).overview(input.query),
  'stats.years': (context: JobContext, input: StatsJob) => statsOf(context, input).years(),
  'stats.yearInReview': (
    context: JobContext,
    input: StatsJob & { query: { year: number; media: StatsMedia } },
  ) => statsOf(context, input).yearInReview(input.query),
  'export.file': (
    context: JobContext,
    input: AtNow & { kind: ExportKind; listId?: string },
    control: JobControl,
  ) => {
    const deps: ExportDeps = {
      tracking: { tracking: trackingOf(context, { ...input, region: '' }) },
      library: libraryOf(context, input.now),
      titles: createLocalTitles(context.cache),
      timeZone: () => input.timeZone,
      clock: () => input.now,
      onPage: paged(control),
    };
    return exportFile(deps, input.kind, input.listId);
  },
  'tracking.exportIcs': (
    context: JobContext,
    input: AtNow & { region: string; window: Partial<CalendarWindow> },
  ) => icsFile(trackingOf(context, input), input.window),
  'backup.create': (
    context: JobContext,
    input: AtNow & { appVersion: string; settings: Settings },
    control: JobControl,
  ) => {
    const backup = createBackup({
      appVersion: input.appVersion,
      clock: () => input.now,
      store: createBackupStore(context.library),
      tracking: { tracking: trackingOf(context, { ...input, region: '' }) },
      library: libraryOf(context, input.now),
      settings: { get: () => input.settings },
      onPage: paged(control),
    });
    return backupFile(backup);
  },
  'backup.read': readBackupJob,
  'backup.store': storeBackupJob,
  'backup.plan': (context: JobContext, input: AtNow & { jobId: string; settings: Settings }) => {
    const backup = parseBackup(createImportJobStore(context.library).backup(input.jobId));
    return planRestore(backup, {
      clock: () => input.now,
      store: createBackupStore(context.library),
      tracking: { tracking: trackingOf(context, { ...input, region: '' }) },
      library: libraryOf(context, input.now),
      settings: { get: () => input.settings },
    });
  },
  'backup.restore': restoreJob,
  'backup.undo': undoRestoreJob,
  'picks.compute': picksJob,
  'import.read': readImportJob,
  'import.analyse': analyseImportJob,
  'import.applyWatched': applyWatchedJob,
  'sync.merge': syncMergeJob,
  'sync.read': syncReadJob,
};

export type HeavyJobs = typeof heavyJobs;
