import { CodedError, isErrorCode, type ErrorCode } from '../../src-shared/ipc/errors';
import { redact } from '../../src-shared/redact';
import { toStorageError } from '../db/storage-errors';

/**
 * The messages between the main process and the worker that runs heavy jobs
 * (`worker_threads`; see runner.ts for why not a process of its own). Everything that crosses is
 * structured-clone data: errors travel as `{ code, message }`, never as Error objects.
 */

/** Where the worker opens its own connections: the same WAL files the main process has open. */
export interface WorkerSetup {
  cacheFile: string;
  libraryFile: string;
  /** Turns at the library's write lock with the main thread (`write-turn.ts`). */
  turns?: SharedArrayBuffer;
}

export interface JobProgress {
  done: number;
  total: number;
}

export interface JobError {
  code: ErrorCode;
  message: string;
}

export type ToWorker =
  /** `cancel` is a shared flag: set by the main process, read by the job between chunks. */
  | { type: 'run'; id: number; kind: string; input: unknown; cancel: Int32Array }
  /** The main process's answer to job `id`'s question `ask`. */
  | { type: 'answer'; id: number; ask: number; value?: unknown; error?: JobError }
  | { type: 'close' };

export type FromWorker =
  | { type: 'progress'; id: number; progress: JobProgress }
  /** Job `id` asks the main process what only it can answer (TMDB, through its own client). */
  | { type: 'ask'; id: number; ask: number; question: unknown }
  /** `isMainThread` and `threadId` say where the job ran (tests check it never ran on main). */
  | { type: 'done'; id: number; value: unknown; isMainThread: boolean; threadId: number }
  | { type: 'failed'; id: number; error: JobError };

/** What a job that dies with its worker fails with: the job's writes were one transaction. */
export const STOPPED_MESSAGE = 'The background task stopped unexpectedly; nothing was changed.';
export const CANCELLED_MESSAGE = 'The background task was cancelled; nothing was changed.';
export const CLOSING_MESSAGE = 'Marquee is closing; the background task did not run.';
const INTERNAL_MESSAGE = 'Something went wrong inside Marquee. The details are in the log.';

/** Thrown by a job's `checkpoint()` once the main process asked it to stop. */
export class JobCancelled extends CodedError {
  constructor() {
    super('internal', CANCELLED_MESSAGE);
    this.name = 'JobCancelled';
  }
}

/**
 * An error as it crosses the boundary: a coded error keeps its code, a storage failure gets its
 * own code and plain words, anything else becomes `internal`; the text is redacted either way.
 */
export function toJobError(error: unknown): JobError {
  const coded = toStorageError(error);
  if (coded !== null && typeof coded === 'object' && 'code' in coded && isErrorCode(coded.code)) {
    const message = 'message' in coded && typeof coded.message === 'string' ? coded.message : '';
    return { code: coded.code, message: redact(message || coded.code) };
  }
  return { code: 'internal', message: INTERNAL_MESSAGE };
}

/** A job error back as a thrown error of the main process (redacted again: secrets live here). */
export function fromJobError(error: JobError): CodedError {
  const code = isErrorCode(error.code) ? error.code : 'internal';
  return new CodedError(code, redact(typeof error.message === 'string' ? error.message : ''));
}
