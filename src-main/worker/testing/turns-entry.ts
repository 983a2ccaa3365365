import { parentPort, workerData } from 'node:worker_threads';
import { connect } from '../../db/connection';
import { takeTurns } from '../../db/write-turn';

/**
 * A worker that writes the library the way jobs do (`BEGIN IMMEDIATE` through `takeTurns`), on
 * command, for `write-turn.test.ts`:
 * - `hold`: one write transaction that stays open until the gate's word is set;
 * - `loop`: `count` write transactions back to back, each a row.
 * Each answers `done` when it is finished.
 */
interface Setup {
  file: string;
  turns: SharedArrayBuffer;
  gate: SharedArrayBuffer;
  giveWayMs: number;
}

const setup = workerData as Setup;
const db = connect(setup.file, 'library');
takeTurns(db, setup.turns, setup.giveWayMs);
const gate = new Int32Array(setup.gate);
const insert = db.prepare('INSERT INTO rows (who) VALUES (?)');

parentPort?.on('message', (message: { type: 'hold' } | { type: 'loop'; count: number }) => {
  if (message.type === 'hold') {
    db.transaction(() => {
      insert.run('worker');
      while (Atomics.load(gate, 0) === 0) Atomics.wait(gate, 0, 0, 1000);
    }).immediate();
  } else {
    for (let i = 0; i < message.count; i++) db.transaction(() => insert.run('worker')).immediate();
  }
  parentPort?.postMessage('done');
});
parentPort?.postMessage('ready');
