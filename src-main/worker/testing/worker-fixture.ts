import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { memoryLogger } from '../../base/testing/memory-logger';
import { openDatabases, CACHE_FILE, LIBRARY_FILE, type Databases } from '../../db/databases';
import type { heavyJobs } from '../jobs';
import { createJobRunner, type JobRun, type JobRunner } from '../runner';
import { buildWorker, type BuiltWorker } from './build-worker';
import type { testJobs } from './test-jobs';

/** The jobs of the test worker: the app's, and the ones that misbehave on purpose. */
export type TestWorkerJobs = typeof heavyJobs & typeof testJobs;

export interface TestWorker {
  /** This test's data folder, removed after it. */
  readonly dir: string;
  /** The main process's databases in that folder. */
  readonly dbs: Databases;
  /** The runner the test uses; a test may replace it (the old one closed first). */
  runner: JobRunner<TestWorkerJobs>;
  /** Every run the runner reported, in order. */
  readonly ran: JobRun[];
  readonly log: ReturnType<typeof memoryLogger>;
  /** Another runner on this test's folder, e.g. with a shorter grace when closing. */
  makeRunner(options?: { closeGraceMs?: number }): JobRunner<TestWorkerJobs>;
}

/**
 * Registers a test file's hooks: the test worker is built once for the file, and each test gets
 * a data folder of its own with its databases open and a runner on them, all closed and removed
 * after it.
 */
export function useTestWorker(options: {
  /** The data folder's name prefix, to tell a leftover folder's test. */
  prefix: string;
  /** The databases' clock. */
  now?: number;
  /** Run on the fresh databases before the runner starts. */
  prepare?: (dbs: Databases) => void;
}): TestWorker {
  let built: BuiltWorker | undefined;
  const log = memoryLogger();
  const ran: JobRun[] = [];
  let dir = '';
  let dbs: Databases | undefined;
  let runner: JobRunner<TestWorkerJobs> | undefined;

  const makeRunner = (made: { closeGraceMs?: number } = {}): JobRunner<TestWorkerJobs> => {
    if (!built) throw new Error('the test worker is not built yet');
    return createJobRunner<TestWorkerJobs>({
      entry: built.file,
      setup: { cacheFile: path.join(dir, CACHE_FILE), libraryFile: path.join(dir, LIBRARY_FILE) },
      log,
      ...(made.closeGraceMs === undefined ? {} : { closeGraceMs: made.closeGraceMs }),
      observe: (run) => ran.push(run),
    });
  };

  beforeAll(async () => {
    built = await buildWorker(path.join(import.meta.dirname, 'test-entry.ts'));
  });
  afterAll(() => {
    built?.remove();
  });
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix));
    const now = options.now ?? 0;
    dbs = await openDatabases(dir, { clock: () => now, log });
    options.prepare?.(dbs);
    ran.length = 0;
    runner = makeRunner();
  });
  afterEach(async () => {
    await runner?.close();
    dbs?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const present = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is only there inside a test`);
    return value;
  };
  return {
    get dir() {
      return dir;
    },
    get dbs() {
      return present(dbs, 'the databases');
    },
    get runner() {
      return present(runner, 'the runner');
    },
    set runner(next) {
      runner = next;
    },
    ran,
    log,
    makeRunner,
  };
}
