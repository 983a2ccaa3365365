import { describe, expect, it, vi } from 'vitest';
import { forgetSecret, registerSecret } from '../../src-shared/redact';
import { CANCELLED_MESSAGE, CLOSING_MESSAGE, STOPPED_MESSAGE, type JobProgress } from './protocol';
import { useTestWorker } from './testing/worker-fixture';

const w = useTestWorker({
  prefix: 'marquee-runner-',
  prepare: (dbs) => dbs.library?.exec('CREATE TABLE t (n INTEGER NOT NULL)'),
});

const rowsOfT = (): number =>
  Number(w.dbs.library?.prepare('SELECT count(*) FROM t').pluck().get() ?? -1);

const failure = async (promise: Promise<unknown>): Promise<{ code: string; message: string }> => {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('the job was expected to fail');
};

describe('the job w.runner', () => {
  it('starts a worker at the first job and runs every job there, never on the main thread', async () => {
    expect(w.runner.starts()).toBe(0);
    await expect(w.runner.run('test.echo', { text: 'hello' })).resolves.toEqual({
      text: 'hello',
      isMainThread: false,
    });
    await w.runner.run('test.echo', { text: 'again' });
    w.runner.warm();
    expect(w.runner.starts()).toBe(1);
    expect(w.ran.map((r) => [r.kind, r.isMainThread])).toEqual([
      ['test.echo', false],
      ['test.echo', false],
    ]);
  });

  it('can be started ahead of the first job, which then finds it running', async () => {
    w.runner.warm();
    expect(w.runner.starts()).toBe(1);
    await w.runner.run('test.echo', { text: 'warm' });
    expect(w.runner.starts()).toBe(1);
  });

  it('can be started later (after start-up), or by a job that comes first', async () => {
    w.runner.warm(60_000);
    expect(w.runner.starts()).toBe(0);
    await w.runner.run('test.echo', { text: 'sooner' });
    expect(w.runner.starts()).toBe(1);
  });

  it('starts on its own once the wait is over', async () => {
    w.runner.warm(1);
    expect(w.runner.starts()).toBe(0);
    await vi.waitFor(() => {
      expect(w.runner.starts()).toBe(1);
    });
    await w.runner.run('test.echo', { text: 'warm' });
    expect(w.runner.starts()).toBe(1);
  });

  it('reports progress, and writes a job in one transaction', async () => {
    const seen: JobProgress[] = [];
    await expect(
      w.runner.run('test.chunks', { chunks: 4 }, { onProgress: (p) => seen.push(p) }),
    ).resolves.toEqual({ done: 4 });
    expect(seen).toEqual([1, 2, 3, 4].map((done) => ({ done, total: 4 })));
    await expect(w.runner.run('test.write', { rows: 10 })).resolves.toEqual({ written: 10 });
    expect(rowsOfT()).toBe(10);
  });

  it('cancels a job between chunks, and the worker runs the next one', async () => {
    const abort = new AbortController();
    const seen: number[] = [];
    const job = w.runner.run(
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
    expect(
      await failure(w.runner.run('test.echo', { text: 'x' }, { signal: abort.signal })),
    ).toEqual({ code: 'internal', message: CANCELLED_MESSAGE });
    await expect(w.runner.run('test.echo', { text: 'next' })).resolves.toMatchObject({
      text: 'next',
    });
    expect(w.runner.starts()).toBe(1);
  });

  it('fails the job of a worker that exits mid-transaction, writes nothing, and restarts', async () => {
    await w.runner.run('test.echo', { text: 'first' });
    const job = w.runner.run('test.write', { rows: 10, exit: true });
    expect(await failure(job)).toEqual({ code: 'internal', message: STOPPED_MESSAGE });
    expect(rowsOfT()).toBe(0);
    await expect(w.runner.run('test.write', { rows: 3 })).resolves.toEqual({ written: 3 });
    expect(rowsOfT()).toBe(3);
    expect(w.runner.starts()).toBe(2);
  });

  it('fails the job of a worker with an uncaught error, writes nothing, and restarts', async () => {
    const job = w.runner.run('test.throw', { rows: 10 });
    expect(await failure(job)).toEqual({ code: 'internal', message: STOPPED_MESSAGE });
    expect(rowsOfT()).toBe(0);
    await expect(w.runner.run('test.echo', { text: 'after' })).resolves.toMatchObject({
      isMainThread: false,
    });
    // The dead thread's connection let go of its write lock: the next writer is not kept waiting.
    await expect(w.runner.run('test.write', { rows: 2 })).resolves.toEqual({ written: 2 });
    expect(rowsOfT()).toBe(2);
    expect(w.runner.starts()).toBe(2);
    expect(w.log.lines.some((line) => line.includes('worker.failed'))).toBe(true);
  });

  it('keeps an error’s code across the boundary and never its secrets', async () => {
    const secret = 'registered-secret-8f3a91';
    registerSecret(secret);
    try {
      const coded = await failure(
        w.runner.run('test.fail', {
          code: 'not_found',
          text: `No such title (GET /3/movie/1?api_key=0123456789abcdef, ${secret}).`,
        }),
      );
      expect(coded.code).toBe('not_found');
      expect(coded.message).toContain('No such title');
      expect(coded.message).not.toContain('0123456789abcdef');
      expect(coded.message).not.toContain(secret);
      const plain = await failure(w.runner.run('test.plainError', {}));
      expect(plain.code).toBe('internal');
      expect(plain.message).not.toContain('0123456789abcdef');
    } finally {
      forgetSecret(secret);
    }
  });

  it('cancels a running job when closing, waits for it, then refuses new jobs', async () => {
    let closed: Promise<void> | undefined;
    const job = w.runner.run(
      'test.chunks',
      { chunks: 100_000 },
      {
        onProgress: () => {
          closed ??= w.runner.close();
        },
      },
    );
    expect(await failure(job)).toEqual({ code: 'internal', message: CANCELLED_MESSAGE });
    await closed;
    expect(await failure(w.runner.run('test.echo', { text: 'late' }))).toEqual({
      code: 'internal',
      message: CLOSING_MESSAGE,
    });
  });

  it('stops a worker whose job does not stop within the grace when closing', async () => {
    await w.runner.close();
    w.runner = w.makeRunner({ closeGraceMs: 100 });
    let closed: Promise<void> | undefined;
    const job = w.runner.run(
      'test.stuck',
      {},
      {
        onProgress: () => {
          closed ??= w.runner.close();
        },
      },
    );
    expect(await failure(job)).toEqual({ code: 'internal', message: STOPPED_MESSAGE });
    await closed;
  });
});
