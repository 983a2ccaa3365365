import type {
  ImportKind,
  ImportJobSummary,
  ImportJobView,
  ImportTargets,
  MatchCandidate,
  RestorePlan,
} from '../../src-shared/ipc/contract/import';
import { CodedError } from '../../src-shared/ipc/errors';
import type { Logger } from '../base/log';
import type { ChangePath } from '../changes/change-path';
import type { UserLibrary } from '../library/user-library';
import type { TrackingService } from '../tracking/tracking-service';
import type { BackupDeps } from './backup';
import type { Backup } from './backup-schema';
import type { HistoryRestored } from './backup-restore';
import type { MatchResult, MatchSources } from './match';
import type { ImportRow, ParsedImport, SourceRef } from './rows';
import type { Staging } from './staging';
import type { ImportJobStore, JobPatch, JobRecord, RowRecord } from './store/jobs';

/**
 * What the import job's parts share (jobs.ts puts them together): the dependencies, the jobs
 * running in this process, and the few steps every part takes — finding a job, moving it to
 * another state, reporting progress and running work in the background.
 */

export type Phase = 'reading' | 'matching' | 'applying';

export interface ImportJobsDeps {
  store: ImportJobStore;
  staging: Staging;
  /** A fresh matcher per job (lookups shared between the job's rows). */
  matcher: () => { match(ref: SourceRef): Promise<MatchResult> };
  /** Names a TMDB title the user chose that was not among the candidates (null: no such title). */
  lookupTitle(mediaType: 'movie' | 'tv', id: number): Promise<MatchCandidate | null>;
  tracking: TrackingService;
  /** The library's write path of Marquee's own data: a review decision is recorded there. */
  changes: ChangePath;
  library: UserLibrary;
  backup: BackupDeps;
  clock: () => number;
  newId: () => string;
  log: Logger;
  emit: {
    progress(p: { jobId: string; phase: Phase; done: number; total: number }): void;
    changed(jobId: string, state: JobRecord['state']): void;
  };
  /**
   * Where a stored backup's history, series settings and inbox are restored off the main thread
   * (the worker), when there is such a place; it answers what the rest of the restore needs.
   */
  backups?: () => BackupWork | null;
  /** Where a file's rows are read, matched and stored off the main thread, when there is one. */
  imports?: () => ImportWork | null;
  /** TMDB's lookups of the matcher, which only this process can make (asked from elsewhere). */
  remote?: () => RemoteMatch;
  chunkRows?: number;
  /** Awaited after each committed chunk (tests simulate a crash by never resolving it). */
  afterChunk?: (jobId: string, chunk: number) => Promise<void> | void;
}

export interface ImportJobs {
  analyse(sourceId: string): { jobId: string };
  job(jobId: string): ImportJobView;
  jobs(): ImportJobSummary[];
  resolve(
    jobId: string,
    rowId: number,
    choice: { mediaType: 'movie' | 'tv'; id: number } | { skip: true },
  ): Promise<ImportJobView>;
  apply(jobId: string, targets: ImportTargets): { jobId: string };
  cancel(jobId: string): void;
  /**
   * Matches again the rows of a ready job (or of every such job) that wait for TMDB; does nothing
   * while the job runs. Announces `changed` when rows left the waiting state. Returns how many
   * jobs it started matching.
   */
  retryWaiting(jobId?: string): number;
  /** Resumes or rolls back jobs interrupted by a crash. */
  start(): void;
  idle(): Promise<void>;
  close(): void;
}

/** A backup file read and checked elsewhere (the worker): as `ParsedImport`, its document as text. */
export type BackupReader = (
  input: { name: string; bytes: Uint8Array } | { path: string },
) => Promise<ParsedImport>;

/** The matcher's lookups that ask TMDB. */
export type RemoteMatch = Pick<MatchSources, 'search' | 'findImdb' | 'findTvdb'>;

/** A file's reading and matching, done off the main thread (the worker). */
export interface ImportWork {
  /** Reads a source there; its rows stay there (`ParsedImport.rowsHeld`). */
  read(
    input: { name: string; bytes: Uint8Array } | { path: string },
    options?: { timeZone: string },
  ): Promise<ParsedImport>;
  /**
   * Matches the rows held as `held` and stores them with job `jobId`, all in one write; TMDB's
   * lookups are asked of `remote`. Stops between rows once `signal` aborts, storing nothing.
   * Answers the matched rows already in the library, per kind (null: to be counted here).
   */
  analyse(
    jobId: string,
    held: string,
    options: {
      signal: AbortSignal;
      onProgress: (done: number, total: number) => void;
      remote: RemoteMatch;
      /** The job's format (its plays' uids are made of it). */
      format: string;
    },
  ): Promise<{ present: Map<ImportKind, number> | null }>;
  /**
   * Applies job `jobId`'s matched watched rows there, a chunk per transaction with their applied
   * markers; leaves a whole series (no episode named) to this process. Reports progress over the
   * rows of `kinds`; stops between chunks once `signal` aborts. Its changes are announced by the
   * caller (`ChangePath.follow`). Answers the series it added episodes of.
   */
  apply(
    jobId: string,
    options: {
      kinds: readonly ImportKind[];
      format: string;
      signal: AbortSignal;
      onProgress: (done: number, total: number) => void;
    },
  ): Promise<{ newSeries: number[] }>;
}

/** A backup's heavy steps, done off the main thread (the worker). */
export interface BackupWork {
  read: BackupReader;
  /** Stores the document read as `held` with job `jobId`. */
  store(jobId: string, held: string): Promise<void>;
  /** The restore plan of the backup stored with job `jobId`, over this profile as it is now. */
  plan(jobId: string): Promise<RestorePlan>;
  restore: BackupRestorer;
  /**
   * Removes what a restore of job `jobId` added after change `since` when it stopped without
   * doing so itself (its worker died between chunks).
   */
  undo(jobId: string, since: number): Promise<{ removed: number }>;
}

/**
 * Restores the history, series settings and inbox of the backup stored with job `jobId` on
 * connections of its own: it reads, checks and writes the backup there, in chunks, and stops
 * between chunks once `signal` aborts (removing the plays it added, then failing). Its changes
 * are announced by the caller (`ChangePath.follow`).
 */
export type BackupRestorer = (
  jobId: string,
  options: { signal: AbortSignal; onProgress: (done: number, total: number) => void },
) => Promise<{
  history: HistoryRestored;
  /** Plays of the backup that could be restored (the progress's unit). */
  plays: number;
  library: Backup['library'];
  settings: Backup['settings'];
}>;

/** A job reading, matching or applying in this process. */
export interface Running {
  cancel: boolean;
  /** Tells work running elsewhere (the worker) that the job was cancelled. */
  abort?: () => void;
  progress: { phase: Phase; done: number; total: number } | null;
  done: Promise<void>;
}

export interface JobContext {
  readonly deps: ImportJobsDeps;
  readonly store: ImportJobStore;
  readonly running: Map<string, Running>;
  /** Restore plans worked out elsewhere, by job, with the `version` they were made at. */
  readonly plans: Map<string, { at: number; plan: RestorePlan | null }>;
  /** Matched rows already there, per kind, by job, with the `version` they were counted at. */
  readonly present: Map<string, { at: number; counts: Map<ImportKind, number> }>;
  /** Set once the library closes: running work stops at its next step. */
  closed: boolean;
  /**
   * Moves with every change the jobs make, so what is read from every row (presence counts,
   * restore plans) is read once per version (the clock may stand still in tests).
   */
  version: number;
  need(jobId: string): JobRecord;
  /** Records a change to a job (its rows or `patch`) without a new state. */
  touch(jobId: string, patch?: JobPatch): void;
  setState(jobId: string, state: JobRecord['state'], patch?: JobPatch): void;
  progress(jobId: string, run: Running, phase: Phase, done: number, total: number): void;
  /** Runs `work` in the background; a failure marks the job failed. */
  track(jobId: string, work: (run: Running) => Promise<void>): void;
}

export const message = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong.';

const STORAGE_CODES = new Set(['disk_full', 'storage_io', 'storage_busy', 'storage_readonly']);
/** A full or failing disk stops the whole job; any other failure is the row's own. */
export const isStorageFailure = (error: unknown): boolean =>
  error instanceof CodedError && STORAGE_CODES.has(error.code);

export const asRow = (r: RowRecord): ImportRow => r.row as ImportRow;
export const asCandidate = (value: unknown): MatchCandidate | null =>
  value !== null && typeof value === 'object' ? (value as MatchCandidate) : null;

export function createJobContext(deps: ImportJobsDeps): JobContext {
  const { store, clock } = deps;
  const ctx: JobContext = {
    deps,
    store,
    running: new Map(),
    plans: new Map(),
    present: new Map(),
    closed: false,
    version: 0,
    need(jobId) {
      const job = store.job(jobId);
      if (!job) throw new CodedError('not_found', 'There is no such import.');
      return job;
    },
    touch(jobId, patch = {}) {
      ctx.version += 1;
      store.update(jobId, patch, clock());
    },
    setState(jobId, state, patch = {}) {
      ctx.version += 1;
      store.update(jobId, { state, ...patch }, clock());
      deps.emit.changed(jobId, state);
    },
    progress(jobId, run, phase, done, total) {
      run.progress = { phase, done, total };
      deps.emit.progress({ jobId, phase, done, total });
    },
    track(jobId, work) {
      const run: Running = { cancel: false, progress: null, done: Promise.resolve() };
      run.done = work(run)
        .catch((error: unknown) => {
          deps.log.warn('import.job_failed', { jobId, error });
          try {
            ctx.setState(jobId, 'failed', { error: message(error) });
          } catch (inner) {
            deps.log.error('import.job_state_lost', { jobId, error: inner });
          }
        })
        .finally(() => {
          if (ctx.running.get(jobId) === run) ctx.running.delete(jobId);
        });
      ctx.running.set(jobId, run);
    },
  };
  return ctx;
}
