import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../db/connection';
import { buildWorker, type BuiltWorker } from './testing/build-worker';
import { createWriteTurns, type WriteTurns } from '../db/write-turn';

let built: BuiltWorker;
beforeAll(async () => {
  built = await buildWorker(path.join(import.meta.dirname, 'testing', 'turns-entry.ts'));
});
afterAll(() => {
  built.remove();
});

describe('turns at the library write lock between this thread and the worker', () => {
  let dir: string;
  let db: Database.Database;
  let worker: Worker;
  let turns: WriteTurns;
  let gate: Int32Array;

  /** A worker on the same library, with the given patience for this thread's turn. */
  const start = async (giveWayMs: number): Promise<void> => {
    const gateBuffer = new SharedArrayBuffer(4);
    gate = new Int32Array(gateBuffer);
    worker = new Worker(built.file, {
      workerData: {
        file: path.join(dir, 'library.db'),
        turns: turns.buffer,
        gate: gateBuffer,
        giveWayMs,
      },
    });
    await message('ready');
  };
  const message = (expected: string): Promise<void> =>
    new Promise((resolve, reject) => {
      worker.once('message', (m) => {
        if (m === expected) resolve();
        else reject(new Error(`the worker said ${String(m)}`));
      });
      worker.once('error', reject);
    });
  const holds = (): number => Atomics.load(new Int32Array(turns.buffer), 0);
  const rows = (who: string): number =>
    db.prepare('SELECT count(*) FROM rows WHERE who = ?').pluck().get(who) as number;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-turns-'));
    db = connect(path.join(dir, 'library.db'), 'library');
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, who TEXT NOT NULL)');
    // This thread never waits inside SQLite: a write that met the worker's lock would fail.
    db.pragma('busy_timeout = 0');
    turns = createWriteTurns();
  });
  afterEach(async () => {
    await worker.terminate();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a write waits for the worker’s transaction without holding this thread', async () => {
    await start(50);
    const finished = message('done');
    worker.postMessage({ type: 'hold' });
    while (holds() === 0) await new Promise((resolve) => setImmediate(resolve));
    const order: string[] = [];
    const wrote = turns.turn().then(() => {
      db.prepare("INSERT INTO rows (who) VALUES ('main')").run();
      order.push('wrote');
    });
    // This thread keeps answering while the worker holds the lock.
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      order.push('answered');
    }
    expect(order).toEqual(['answered', 'answered', 'answered', 'answered', 'answered']);
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    await wrote;
    await finished;
    expect(order.at(-1)).toBe('wrote');
    expect([rows('worker'), rows('main')]).toEqual([1, 1]);
  });

  it('the worker gives way between its transactions to a write that wants a turn', async () => {
    // Patience long enough that only this thread's turn ending lets the worker go on.
    await start(60_000);
    const finished = message('done');
    worker.postMessage({ type: 'loop', count: 2_000 });
    while (rows('worker') === 0) await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 20; i++) {
      await turns.turn();
      db.prepare("INSERT INTO rows (who) VALUES ('main')").run();
    }
    await finished;
    expect([rows('worker'), rows('main')]).toEqual([2_000, 20]);
  });

  it('a write without a worker writing goes at once', async () => {
    await start(50);
    let done = false;
    const turn = turns.turn().then(() => (done = true));
    await turn;
    expect(done).toBe(true);
    expect(holds()).toBe(0);
  });
});
