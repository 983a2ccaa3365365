import type { PicksJob } from '../picks/compute';
import type { CalendarWindow } from '../tracking/calendar';
import type { BackupWork, ImportWork } from '../import/job-context';
import type { ExportKind } from '../import/service-types';
import type { Settings } from '../../src-shared/ipc/contract/settings';
import type { StatsMedia } from '../../src-shared/ipc/contract/stats';
import { answerRemote } from './import-job';
import type { FolderReadJob, FolderReadMerged, MergeSummary } from '../sync/merge/work';
import type { HeavyJobs } from './jobs';
import type { JobOutput } from './registry';
import type { JobRunner } from './runner';

/**
 * The worker loads this long after start-up, with start-up's other background work (Up Next's
 * read, the Stats answers): loading it at once took a core from the window's first reads on a
 * two-core machine (up to 30 ms of the first calendar's time spent waiting to run, measured).
 */
export const WORKER_WARM_AFTER_MS = 2_000;

type Out<K extends keyof HeavyJobs> = Promise<JobOutput<HeavyJobs, K>>;

/**
 * The channels whose work left the main process: each call takes what only the main process
 * knows at that moment (the time, the zone, the region, the settings) and hands the rest to
 * the worker. The IPC guard and the fast reads stay on the main process.
 */
export interface HeavyWork {
  statsOverview(query: { from?: string; to?: string; media: StatsMedia }): Out<'stats.overview'>;
  statsYears(): Out<'stats.years'>;
  yearInReview(query: { year: number; media: StatsMedia }): Out<'stats.yearInReview'>;
  exportFile(kind: ExportKind, listId?: string): Out<'export.file'>;
  exportIcs(window: Partial<CalendarWindow>): Out<'tracking.exportIcs'>;
  createBackup(): Out<'backup.create'>;
  /** The picks from the history and the cache (`now` is the caller's). */
  picks(job: PicksJob): Out<'picks.compute'>;
  /** A backup's reading, plan and restore of its history, series settings and inbox. */
  backups: BackupWork;
  /** A file's reading, and its analysis (matching and storing its rows). */
  imports: ImportWork;
  /** Changes from other computers merged there, progress heard after each chunk's commit. */
  syncMerge(
    changes: readonly unknown[],
    onProgress: (done: number, total: number) => void,
  ): Promise<MergeSummary>;
  /** The sync folder read and merged there: no change crosses to this process. */
  syncRead(
    job: FolderReadJob,
    onProgress: (done: number, total: number) => void,
  ): Promise<FolderReadMerged>;
  /**
   * Starts the worker ahead of the first call, once start-up's first answers are out
   * ({@link WORKER_WARM_AFTER_MS}), or at the first job if it comes sooner.
   */
  warm(): void;
  /** Whether the worker runs (or has waiting) a job now. */
  busy(): boolean;
  close(): Promise<void>;
}

export interface HeavyWorkDeps {
  runner: JobRunner<HeavyJobs>;
  clock: () => number;
  timeZone: () => string;
  region: () => string;
  settings: () => Settings;
  appVersion: string;
  /** Whether the stats' background fill of facts is running (the overview says so). */
  filling: () => boolean;
}

export function createHeavyWork(deps: HeavyWorkDeps): HeavyWork {
  const { runner } = deps;
  const at = (): { now: number; timeZone: string } => ({
    now: deps.clock(),
    timeZone: deps.timeZone(),
  });
  const stats = (): { now: number; timeZone: string; filling: boolean } => ({
    ...at(),
    filling: deps.filling(),
  });
  return {
    statsOverview: (query) => runner.run('stats.overview', { ...stats(), query }),
    statsYears: () => runner.run('stats.years', stats()),
    yearInReview: (query) => runner.run('stats.yearInReview', { ...stats(), query }),
    exportFile: (kind, listId) =>
      runner.run('export.file', { ...at(), kind, ...(listId === undefined ? {} : { listId }) }),
    exportIcs: (window) =>
      runner.run('tracking.exportIcs', { ...at(), region: deps.region(), window }),
    createBackup: () =>
      runner.run('backup.create', {
        ...at(),
        appVersion: deps.appVersion,
        settings: deps.settings(),
      }),
    picks: (job) => runner.run('picks.compute', job),
    backups: {
      read: (source) => runner.run('backup.read', { source, now: deps.clock() }),
      store: async (jobId, held) => {
        await runner.run('backup.store', { jobId, held });
      },
      undo: (jobId, since) => runner.run('backup.undo', { ...at(), jobId, since }),
      plan: (jobId) => runner.run('backup.plan', { ...at(), jobId, settings: deps.settings() }),
      restore: (jobId, { signal, onProgress }) =>
        runner.run(
          'backup.restore',
          { ...at(), jobId },
          {
            signal,
            onProgress: (p) => {
              onProgress(p.done, p.total);
            },
          },
        ),
    },
    imports: {
      read: (source, options) =>
        runner.run('import.read', {
          source,
          ...(options === undefined ? {} : { options }),
          now: deps.clock(),
        }),
      analyse: (jobId, held, { signal, onProgress, remote, format }) =>
        runner.run(
          'import.analyse',
          { ...at(), jobId, held, format },
          {
            signal,
            onProgress: (p) => {
              onProgress(p.done, p.total);
            },
            answer: (question) => answerRemote(remote, question),
          },
        ),
      apply: (jobId, { kinds, format, signal, onProgress }) =>
        runner.run(
          'import.applyWatched',
          { ...at(), jobId, format, kinds: [...kinds] },
          {
            signal,
            onProgress: (p) => {
              onProgress(p.done, p.total);
            },
          },
        ),
    },
    syncMerge: (changes, onProgress) =>
      runner.run(
        'sync.merge',
        { changes: [...changes], now: deps.clock() },
        {
          onProgress: (p) => {
            onProgress(p.done, p.total);
          },
        },
      ),
    syncRead: (job, onProgress) =>
      runner.run(
        'sync.read',
        { ...job, now: deps.clock() },
        {
          onProgress: (p) => {
            onProgress(p.done, p.total);
          },
        },
      ),
    warm: () => {
      runner.warm(WORKER_WARM_AFTER_MS);
    },
    busy: () => runner.busy(),
    close: () => runner.close(),
  };
}
