import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../src-shared/ipc/errors';
import { memoryLogger } from '../base/testing/memory-logger';
import { openDatabases, CACHE_FILE, LIBRARY_FILE, type Databases } from '../db/databases';
import { createJobRunner, type JobRunner } from './runner';
import { buildWorker, type BuiltWorker } from './testing/build-worker';
import type { heavyJobs } from './jobs';
import type { testJobs } from './testing/test-jobs';

/** A job asks the main process what only it can answer, and hears its answer or its error. */
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
const log = memoryLogger();

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-ask-'));
  dbs = await openDatabases(dir, { clock: () => 0, log });
  runner = createJobRunner<Jobs>({
    entry: built.file,
    setup: { cacheFile: path.join(dir, CACHE_FILE), libraryFile: path.join(dir, LIBRARY_FILE) },
    log,
  });
});
afterEach(async () => {
  await runner.close();
  dbs.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a job asking the main process', () => {
  it('hears each answer, in turn', async () => {
    const asked: unknown[] = [];
    const answers = await runner.run(
      'test.ask',
      { questions: ['first', 'second'] },
      {
        answer: (question) => {
          asked.push(question);
          return Promise.resolve({ said: `${String(question)}!` });
        },
      },
    );
    expect(asked).toEqual(['first', 'second']);
    expect(answers).toEqual([{ said: 'first!' }, { said: 'second!' }]);
  });

  it('hears an error with its code and words, and fails with it when it does not catch it', async () => {
    const run = runner.run(
      'test.ask',
      { questions: ['anything'] },
      { answer: () => Promise.reject(new CodedError('offline', 'Marquee is offline.')) },
    );
    await expect(run).rejects.toMatchObject({ code: 'offline', message: 'Marquee is offline.' });
  });

  it('is told plainly when its caller answers nothing', async () => {
    await expect(runner.run('test.ask', { questions: ['anything'] })).rejects.toMatchObject({
      code: 'internal',
    });
    // The worker is still there for the next job.
    await expect(runner.run('test.echo', { text: 'hi' })).resolves.toMatchObject({ text: 'hi' });
    expect(runner.starts()).toBe(1);
  });
});
