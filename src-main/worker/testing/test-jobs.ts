import { isMainThread } from 'node:worker_threads';
import { CodedError } from '../../../src-shared/ipc/errors';
import { applyWatchedJob, type ApplyWatchedInput } from '../import-apply-job';
import type { JobContext, JobControl } from '../registry';
import { restoreJob, type RestoreJob } from '../restore-job';
import { syncReadJob } from '../sync-job';
import type { FolderReadJob } from '../../sync/merge/work';

/** Blocks this thread for `ms` without spinning (a chunk of work that takes a while). */
const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * Jobs for the runner's tests, served beside the product's by `test-entry.ts`. Each writes, when
 * it writes, into a table `t (n)` the test made in the library.
 */
export const testJobs = {
  /** A backup's restore whose worker dies once `dieAfter` plays are written (chunks committed). */
  'test.restoreThenDie': (
    context: JobContext,
    input: RestoreJob & { dieAfter: number },
    control: JobControl,
  ) =>
    restoreJob(context, input, {
      ...control,
      progress(done, total) {
        control.progress(done, total);
        if (done >= input.dieAfter) process.exit(1);
      },
    }),
  /** An import's apply whose worker dies once `dieAfter` rows are applied (chunks committed). */
  'test.applyThenDie': (
    context: JobContext,
    input: ApplyWatchedInput & { dieAfter: number },
    control: JobControl,
  ) =>
    applyWatchedJob(context, input, {
      ...control,
      progress(done, total) {
        control.progress(done, total);
        if (done >= input.dieAfter) process.exit(1);
      },
    }),
  /** A read of the sync folder whose worker dies while it opens the files (before any merge). */
  'test.readThenDie': (
    context: JobContext,
    input: FolderReadJob & { now: number },
    control: JobControl,
  ) => {
    // The read waits on the disk for each file: this runs before the first one is parsed.
    setImmediate(() => {
      process.exit(1);
    });
    return syncReadJob(context, input, control);
  },
  /** Asks the main process twice, one question after the other, and answers both answers. */
  'test.ask': async (_context: JobContext, input: { questions: string[] }, control: JobControl) => {
    const answers: unknown[] = [];
    for (const question of input.questions) answers.push(await control.ask(question));
    return answers;
  },
  'test.echo': (_context: JobContext, input: { text: string }) => ({
    text: input.text,
    isMainThread,
  }),
  /** `chunks` chunks, each a short pause, a checkpoint and a progress report. */
  'test.chunks': (_context: JobContext, input: { chunks: number }, control: JobControl) => {
    for (let done = 1; done <= input.chunks; done++) {
      pause(2);
      control.checkpoint();
      control.progress(done, input.chunks);
    }
    return { done: input.chunks };
  },
  /** A chunk that never checks for a cancel (a closing app must stop it anyway). */
  'test.stuck': (_context: JobContext, _input: Record<string, never>, control: JobControl) => {
    control.progress(0, 1);
    for (;;) pause(5);
  },
  /** Writes `rows` rows in one transaction, the process of the thread ending half-way when asked. */
  'test.write': (
    context: JobContext,
    input: { rows: number; exit?: boolean },
    control: JobControl,
  ) =>
    control.write(() => {
      const insert = context.library.prepare('INSERT INTO t (n) VALUES (?)');
      for (let n = 1; n <= input.rows; n++) {
        insert.run(n);
        if (input.exit === true && n === Math.ceil(input.rows / 2)) process.exit(3);
      }
      return { written: input.rows };
    }),
  /**
   * Half the rows written in an open transaction, then an error thrown where nothing catches it
   * (the thread's uncaught error); the job never ends by itself.
   */
  'test.throw': (context: JobContext, input: { rows: number }) => {
    context.library.exec('BEGIN IMMEDIATE');
    const insert = context.library.prepare('INSERT INTO t (n) VALUES (?)');
    for (let n = 1; n <= input.rows / 2; n++) insert.run(n);
    setImmediate(() => {
      throw new Error('boom');
    });
    return new Promise<never>(() => undefined);
  },
  /** Fails with a coded error whose text holds a secret. */
  'test.fail': (_context: JobContext, input: { code: 'not_found' | 'internal'; text: string }) => {
    throw new CodedError(input.code, input.text);
  },
  'test.plainError': (_context: JobContext, _input: Record<string, never>) => {
    throw new Error('a plain error with api_key=0123456789abcdef');
  },
};
