import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetSecret, registerSecret } from '../../src-shared/redact';
import { memoryLogger } from '../base/testing/memory-logger';
import { openDatabases, CACHE_FILE, LIBRARY_FILE, type Databases } from '../db/databases';
import { CANCELLED_MESSAGE, CLOSING_MESSAGE, STOPPED_MESSAGE, type JobProgress } from './protocol';
import { createJobRunner, type JobRun, type JobRunner } from './runner';
import { buildWorker, type BuiltWorker } from './testing/build-worker';
import type { heavyJobs } from './jobs';
import type { testJobs } from './testing/test-jobs';

type Jobs = typeof heavyJobs & typeof testJobs;

let built: BuiltWorker;
beforeAll(async () => {
  built = await buildWorker(path.join(import.meta.dirname, 'testing', 'test-entry.ts'));
});
afterAll(() => {
  built.remove();
});

let dir: string;
let dbs: Databases;
let runner: JobRunner<Jobs>;
let ran: JobRun[];
const log = memoryLogger();

const makeRunner = (closeGraceMs?: number): JobRunner<Jobs> =>
  createJobRunner<Jobs>({
    entry: built.file,
    setup: {
      cacheFile: path.join(dir, CACHE_FILE),
      libraryFile: path.join(dir, LIBRARY_FILE),
    },
    log,
    ...(closeGraceMs === undefined ? {} : { closeGraceMs }),
    observe: (run) => ran.push(run),
  });

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-runner-'));
  dbs = await openDatabases(dir, { clock: () => 0, log });
  dbs.library?.exec('CREATE TABLE t (n INTEGER NOT NULL)');
  ran = [];
  runner = makeRunner();
});
afterEach(async () => {
  await runner.close();
  dbs.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rowsOfT = (): number =>
  Number(dbs.library?.prepare('SELECT count(*) FROM t').pluck().get() ?? -1);

const failure = async (promise: Promise<unknown>): Promise<{ code: string; message: string }> => {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('the job was expected to fail');
};

describe('the job runner', () => {
  it('starts a worker at the first job and runs every job there, never on the main thread', async () => {
    expect(runner.starts()).toBe(0);
    await expect(runner.run('test.echo', { text: 'hello' })).resolves.toEqual({
      text: 'hello',
      isMainThread: false,
    });
    await runner.run('test.echo', { text: 'again' });
    runner.warm();
    expect(runner.starts()).toBe(1);
    expect(ran.map((r) => [r.kind, r.isMainThread])).toEqual([
      ['test.echo', false],
      ['test.echo', false],
    ]);
  });

  it('can be started ahead of the first job, which then finds it running', async () => {
    runner.warm();
    expect(runner.starts()).toBe(1);
    await runner.run('test.echo', { text: 'warm' });
    expect(runner.starts()).toBe(1);
  });

  it('reports progress, and writes a job in one transaction', async () => {
    const seen: JobProgress[] = [];
    await expect(
      runner.run('test.chunks', { chunks: 4 }, { onProgress: (p) => seen.push(p) }),
    ).resolves.toEqual({ done: 4 });
    expect(seen).toEqual([1, 2, 3, 4].map((done) => ({ done, total: 4 })));
    await expect(runner.run('test.write', { rows: 10 })).resolves.toEqual({ written: 10 });
    expect(rowsOfT()).toBe(10);
  });

  it('cancels a job between chunks, and the worker runs the next one', async () => {
    const abort = new AbortController();
    const seen: number[] = [];
    const job = runner.run(
      'test.chunks',
      { chunks: 100_000 },
      {
        signal: abort.signal,
        onProgress: ({ done }) => {
          seen.push(done);
          abort.abort();
        },
      },
    );
    expect(await failure(job)).toEqual({ code: 'internal', message: CANCELLED_MESSAGE });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(100_000);
    // Already aborted: never sent.
    expect(await failure(runner.run('test.echo', { text: 'x' }, { signal: abort.signal }))).toEqual(
      { code: 'internal', message: CANCELLED_MESSAGE },
    );
    await expect(runner.run('test.echo', { text: 'next' })).resolves.toMatchObject({
      text: 'next',
    });
    expect(runner.starts()).toBe(1);
  });

  it('fails the job of a worker that exits mid-transaction, writes nothing, and restarts', async () => {
    await runner.run('test.echo', { text: 'first' });
    const job = runner.run('test.write', { rows: 10, exit: true });
    expect(await failure(job)).toEqual({ code: 'internal', message: STOPPED_MESSAGE });
    expect(rowsOfT()).toBe(0);
    await expect(runner.run('test.write', { rows: 3 })).resolves.toEqual({ written: 3 });
    expect(rowsOfT()).toBe(3);
    expect(runner.starts()).toBe(2);
  });

  it('fails the job of a worker with an uncaught error, writes nothing, and restarts', async () => {
    const job = runner.run('test.throw', { rows: 10 });
    expect(await failure(job)).toEqual({ code: 'internal', message: STOPPED_MESSAGE });
    expect(rowsOfT()).toBe(0);
    await expect(runner.run('test.echo', { text: 'after' })).resolves.toMatchObject({
      isMainThread: false,
    });
    // The dead thread's connection let go of its write lock: the next writer is not kept waiting.
    await expect(runner.run('test.write', { rows: 2 })).resolves.toEqual({ written: 2 });
    expect(rowsOfT()).toBe(2);
    expect(runner.starts()).toBe(2);
    expect(log.lines.some((line) => line.includes('worker.failed'))).toBe(true);
  });

  it('keeps an error’s code across the boundary and never its secrets', async () => {
    const secret = 'registered-secret-8f3a91';
    registerSecret(secret);
    try {
      const coded = await failure(
        runner.run('test.fail', {
          code: 'not_found',
          text: `No such title (GET /3/movie/1?api_key=0123456789abcdef, ${secret}).`,
        }),
      );
      expect(coded.code).toBe('not_found');
      expect(coded.message).toContain('No such title');
      expect(coded.message).not.toContain('0123456789abcdef');
      expect(coded.message).not.toContain(secret);
      const plain = await failure(runner.run('test.plainError', {}));
      expect(plain.code).toBe('internal');
      expect(plain.message).not.toContain('0123456789abcdef');
    } finally {
      forgetSecret(secret);
    }
  });

  it('cancels a running job when closing, waits for it, then refuses new jobs', async () => {
    let closed: Promise<void> | undefined;
    const job = runner.run(
      'test.chunks',
      { chunks: 100_000 },
      {
        onProgress: () => {
          closed ??= runner.close();
        },
      },
    );
    expect(await failure(job)).toEqual({ code: 'internal', message: CANCELLED_MESSAGE });
    await closed;
    expect(await failure(runner.run('test.echo', { text: 'late' }))).toEqual({
      code: 'internal',
      message: CLOSING_MESSAGE,
    });
  });

  it('stops a worker whose job does not stop within the grace when closing', async () => {
    await runner.close();
    runner = makeRunner(100);
    let closed: Promise<void> | undefined;
    const job = runner.run(
      'test.stuck',
      {},
      {
        onProgress: () => {
          closed ??= runner.close();
        },
      },
    );
    expect(await failure(job)).toEqual({ code: 'internal', message: STOPPED_MESSAGE });
    await closed;
  });
});
