import { isMainThread, parentPort, threadId, workerData } from 'node:worker_threads';
import { CodedError } from '../../src-shared/ipc/errors';
import { connect } from '../db/connection';
import { takeTurns } from '../db/write-turn';
import {
  JobCancelled,
  fromJobError,
  toJobError,
  type FromWorker,
  type ToWorker,
  type WorkerSetup,
} from './protocol';
import type { JobContext, JobControl, JobRegistry } from './registry';

/**
 * The worker's side: opens its own connections to the files named in `workerData` (no
 * migrations or checks: the main process did those before it started the worker) and runs the
 * jobs it is sent, one at a time, in the order they came.
 */
/**
 * After a job, the pages it wrote are copied from the write-ahead log into the library here, on
 * this thread (a passive checkpoint: it waits for no one). Otherwise the main process's next
 * commit would find the log over SQLite's automatic threshold and copy them itself, holding its
 * thread for as long as a restore's megabytes take.
 */
function settle(context: JobContext): void {
  try {
    context.library.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy or closing library checkpoints at a later commit, as it would have anyway.
  }
}

export function serveJobs(registry: JobRegistry): void {
  const port = parentPort;
  if (port === null) throw new Error('serveJobs runs inside a worker thread.');
  const setup = workerData as WorkerSetup;
  let context: JobContext | null = null;
  const open = (): JobContext =>
    (context ??= {
      cache: connect(setup.cacheFile, 'cache'),
      library: takeTurns(connect(setup.libraryFile, 'library'), setup.turns),
    });
  const send = (message: FromWorker): void => {
    port.postMessage(message);
  };
  // Questions the running jobs asked the main process, until it answers.
  const asks = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextAsk = 1;

  const run = async (message: Extract<ToWorker, { type: 'run' }>): Promise<void> => {
    const { id, kind, cancel } = message;
    try {
      const job = Object.hasOwn(registry, kind) ? registry[kind] : undefined;
      if (job === undefined)
        throw new CodedError('internal', `There is no background job ${kind}.`);
      const db = open();
      const control: JobControl = {
        checkpoint() {
          if (Atomics.load(cancel, 0) !== 0) throw new JobCancelled();
        },
        progress(done, total) {
          send({ type: 'progress', id, progress: { done, total } });
        },
        // Immediate: the write lock is taken first (waiting for it as any writer does), so a
        // transaction that reads before it writes never fails because the main process
        // committed in between (SQLITE_BUSY_SNAPSHOT, which no wait cures).
        write: (fn) => db.library.transaction(fn).immediate(),
        ask: (question) =>
          new Promise((resolve, reject) => {
            const ask = nextAsk++;
            asks.set(ask, { resolve, reject });
            send({ type: 'ask', id, ask, question });
          }),
      };
      control.checkpoint();
      const value = await job(db, message.input as never, control);
      settle(db);
      send({ type: 'done', id, value, isMainThread, threadId });
    } catch (error) {
      if (context !== null) settle(context);
      send({ type: 'failed', id, error: toJobError(error) });
    }
  };

  let queue = Promise.resolve();
  port.on('message', (message: ToWorker) => {
    if (message.type === 'run') {
      queue = queue.then(() => run(message));
      return;
    }
    if (message.type === 'answer') {
      const waiting = asks.get(message.ask);
      asks.delete(message.ask);
      if (message.error !== undefined) waiting?.reject(fromJobError(message.error));
      else waiting?.resolve(message.value);
      return;
    }
    // Closing: after the jobs already sent (cancelled by then), the connections close and the
    // port with them, which lets the thread end on its own.
    queue = queue.then(() => {
      context?.cache.close();
      context?.library.close();
      context = null;
      port.close();
    });
  });
}
