import { Worker } from 'node:worker_threads';
import { CodedError } from '../../src-shared/ipc/errors';
import type { Logger } from '../base/log';
import {
  CANCELLED_MESSAGE,
  CLOSING_MESSAGE,
  STOPPED_MESSAGE,
  fromJobError,
  toJobError,
  type FromWorker,
  type JobError,
  type JobProgress,
  type ToWorker,
  type WorkerSetup,
} from './protocol';
import type { JobInput, JobOutput, JobRegistry } from './registry';

/**
 * Runs heavy jobs off the main process, in a `worker_threads` worker with its own better-sqlite3
 * connections to the same WAL files. A thread rather than Electron's `utilityProcess`: it starts
 * in tens of milliseconds, runs the same way in plain Node, vitest and Electron (there is no
 * Electron binary on the build machines), and answers a 5 MB export in a few milliseconds of
 * copying; a process would buy isolation from native crashes that better-sqlite3 does not need.
 *
 * One worker, started at the first job; jobs run in it one at a time. A worker that dies (an
 * uncaught error, `process.exit`, a native crash) fails the jobs it held with a plain message
 * and is started again for the next job; the app never goes down with it.
 */
export interface RunnerOptions {
  /** The worker's script: the built `worker.js`, or a bundle of a test entry. */
  entry: string | URL;
  setup: WorkerSetup;
  log: Logger;
  execArgv?: string[];
  /** How long `close()` waits for running jobs to stop before stopping the worker. */
  closeGraceMs?: number;
  /** Hears where every finished job ran (tests check that heavy work never runs on main). */
  observe?: (ran: JobRun) => void;
}

export interface JobRun {
  kind: string;
  isMainThread: boolean;
  threadId: number;
}

export interface RunOptions {
  /** Aborting asks the job to stop at its next chunk; it then fails with a plain message. */
  signal?: AbortSignal;
  onProgress?: (progress: JobProgress) => void;
  /** Answers the job's questions (`JobControl.ask`) on this thread. */
  answer?: (question: unknown) => Promise<unknown>;
}

export interface JobRunner<R extends JobRegistry> {
  run<K extends keyof R & string>(
    kind: K,
    input: JobInput<R, K>,
    options?: RunOptions,
  ): Promise<JobOutput<R, K>>;
  /**
   * Starts the worker ahead of the first job, so that job does not wait for it to load (a few
   * hundred milliseconds on a busy machine, spent on the worker's thread, not this one): now, or
   * `afterMs` from now unless a job started it first.
   */
  warm(afterMs?: number): void;
  /** Cancels the running jobs, waits for them at most `closeGraceMs`, then stops the worker. */
  close(): Promise<void>;
  /** How many workers were started (the first, and one after each crash). */
  starts(): number;
  /** Whether a job is running or waiting in the worker now. */
  busy(): boolean;
}

const CLOSE_GRACE_MS = 2_000;

interface Pending {
  kind: string;
  cancel: Int32Array;
  resolve(value: unknown): void;
  reject(error: Error): void;
  onProgress: ((progress: JobProgress) => void) | undefined;
  answer: ((question: unknown) => Promise<unknown>) | undefined;
  done(): void;
}

interface Running {
  worker: Worker;
  pending: Map<number, Pending>;
  exited: Promise<void>;
}

export function createJobRunner<R extends JobRegistry>(options: RunnerOptions): JobRunner<R> {
  const { log } = options;
  let current: Running | null = null;
  let started = 0;
  let nextId = 1;
  let closing = false;
  let warmTimer: NodeJS.Timeout | undefined;

  const settle = (state: Running, id: number): Pending | undefined => {
    const job = state.pending.get(id);
    if (job === undefined) return undefined;
    state.pending.delete(id);
    job.done();
    // An idle worker does not keep the process alive.
    if (state.pending.size === 0) state.worker.unref();
    return job;
  };

  /** A job's question answered here; its answer (or error) sent back while the job still runs. */
  const answer = (state: Running, ask: Extract<FromWorker, { type: 'ask' }>): void => {
    const reply = (fields: { value: unknown } | { error: JobError }): void => {
      if (!state.pending.has(ask.id)) return;
      const message: ToWorker = { type: 'answer', id: ask.id, ask: ask.ask, ...fields };
      state.worker.postMessage(message);
    };
    const answering = state.pending.get(ask.id)?.answer;
    if (answering === undefined) {
      reply({ error: { code: 'internal', message: 'This background task cannot ask anything.' } });
      return;
    }
    answering(ask.question).then(
      (value) => {
        reply({ value });
      },
      (error: unknown) => {
        reply({ error: toJobError(error) });
      },
    );
  };

  const start = (): Running => {
    const worker = new Worker(options.entry, {
      workerData: options.setup,
      ...(options.execArgv === undefined ? {} : { execArgv: options.execArgv }),
    });
    started += 1;
    let markExited = (): void => undefined;
    const state: Running = {
      worker,
      pending: new Map(),
      exited: new Promise<void>((resolve) => (markExited = resolve)),
    };
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'progress') {
        state.pending.get(message.id)?.onProgress?.(message.progress);
        return;
      }
      if (message.type === 'ask') {
        answer(state, message);
        return;
      }
      const job = settle(state, message.id);
      if (job === undefined) return;
      if (message.type === 'failed') {
        job.reject(fromJobError(message.error));
        return;
      }
      options.observe?.({
        kind: job.kind,
        isMainThread: message.isMainThread,
        threadId: message.threadId,
      });
      job.resolve(message.value);
    });
    worker.on('error', (error) => {
      log.error('worker.failed', { error });
    });
    worker.on('exit', (code) => {
      if (current === state) current = null;
      const lost = [...state.pending.keys()];
      if (lost.length > 0 || (code !== 0 && !closing))
        log.warn('worker.stopped', { code, jobs: lost.length });
      for (const id of lost) settle(state, id)?.reject(new CodedError('internal', STOPPED_MESSAGE));
      markExited();
    });
    // Idle until a job is sent: an idle worker does not keep the process alive.
    worker.unref();
    return state;
  };

  return {
    run(kind, input, runOptions = {}) {
      const { signal, onProgress, answer: answering } = runOptions;
      if (closing) return Promise.reject(new CodedError('internal', CLOSING_MESSAGE));
      if (signal?.aborted) return Promise.reject(new CodedError('internal', CANCELLED_MESSAGE));
      const state = (current ??= start());
      const id = nextId++;
      const cancel = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
      const onAbort = (): void => {
        Atomics.store(cancel, 0, 1);
      };
      return new Promise<JobOutput<R, typeof kind>>((resolve, reject) => {
        signal?.addEventListener('abort', onAbort, { once: true });
        state.pending.set(id, {
          kind,
          cancel,
          resolve,
          reject,
          onProgress,
          answer: answering,
          done: () => signal?.removeEventListener('abort', onAbort),
        });
        state.worker.ref();
        const message: ToWorker = { type: 'run', id, kind, input, cancel };
        state.worker.postMessage(message);
      });
    },
    warm(afterMs = 0) {
      if (afterMs <= 0) {
        if (!closing) current ??= start();
        return;
      }
      if (warmTimer !== undefined || current !== null) return;
      warmTimer = setTimeout(() => {
        if (!closing) current ??= start();
      }, afterMs);
      warmTimer.unref();
    },
    async close() {
      closing = true;
      clearTimeout(warmTimer);
      const state = current;
      if (state === null) return;
      for (const job of state.pending.values()) Atomics.store(job.cancel, 0, 1);
      const message: ToWorker = { type: 'close' };
      state.worker.postMessage(message);
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => {
          resolve('late');
        }, options.closeGraceMs ?? CLOSE_GRACE_MS);
      });
      const outcome = await Promise.race([state.exited, grace]);
      clearTimeout(timer);
      // A job that never reached a checkpoint: the worker is stopped, its transaction rolled back.
      if (outcome === 'late') await state.worker.terminate();
      await state.exited;
    },
    starts: () => started,
    busy: () => (current?.pending.size ?? 0) > 0,
  };
}
