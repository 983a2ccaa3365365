import type Database from 'better-sqlite3';

/**
 * Turns at the library's write lock, between the main process and the worker.
 *
 * SQLite lets one connection write at a time; another that begins a write waits for the lock
 * (busy_timeout), and on the main thread that wait is a freeze: a play marked while the worker
 * commits a first sync's chunk (up to a second) held every window for as long. So the main
 * thread waits for its turn *before* it writes, asynchronously, and the worker gives way:
 *
 * - the worker says when it holds a write transaction (`HOLDS`), around each `BEGIN IMMEDIATE`
 *   of its library connection (`takeTurns`);
 * - a main-thread call that is about to write (`WriteTurns.turn`) says it wants a turn
 *   (`WANTS`), and waits without blocking until the worker's transaction ends;
 * - the worker, before its next write transaction, waits while the main thread wants a turn, at
 *   most `GIVE_WAY_MS`; the main thread's want ends once the call's synchronous part has run
 *   (its write, in every handler that writes before it awaits anything).
 *
 * The worst case is as before: a call that awaits something else before it writes may meet the
 * worker's next transaction and wait for it. Nothing can deadlock: the worker never waits longer
 * than `GIVE_WAY_MS`, and the main thread waits only for a transaction that is running.
 */
/** A better-sqlite3 transaction function, as `takeTurns` wraps it. */
interface LooseTransaction {
  (...args: unknown[]): unknown;
  default: LooseTransaction;
  deferred: LooseTransaction;
  immediate: LooseTransaction;
  exclusive: LooseTransaction;
}

/** `Atomics.waitAsync` (Node 16 and later; not yet in the TypeScript library this project targets). */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

const HOLDS = 0;
const WANTS = 1;
/** How long the worker holds back its next transaction for a main-thread call that wants to write. */
export const GIVE_WAY_MS = 50;

export interface WriteTurns {
  /** Shared with the worker (`WorkerSetup.turns`). */
  readonly buffer: SharedArrayBuffer;
  /**
   * Resolves once the worker holds no write transaction, and keeps it from beginning another
   * until the caller's current task has run (or `GIVE_WAY_MS` passed).
   */
  turn(): Promise<void>;
}

export function createWriteTurns(): WriteTurns {
  const buffer = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const word = new Int32Array(buffer);
  const done = (): void => {
    Atomics.sub(word, WANTS, 1);
    Atomics.notify(word, WANTS);
  };
  return {
    buffer,
    async turn() {
      Atomics.add(word, WANTS, 1);
      try {
        while (Atomics.load(word, HOLDS) !== 0) {
          const waited = waitAsync(word, HOLDS, 1);
          if (waited.async) await waited.value;
        }
      } finally {
        // After the caller's synchronous part: its write has begun (or it awaits something else).
        setImmediate(done);
      }
    },
  };
}

/**
 * Copies the pages of the write-ahead log into the database (a passive checkpoint: it waits for
 * no one), on the worker's thread. Otherwise the main thread's next commit would find the log
 * over SQLite's automatic threshold (a first sync's chunk leaves thousands of pages) and copy
 * them itself: measured, 30–80 ms of the main thread for the first play marked after a chunk.
 */
function copyIntoDatabase(db: Database.Database): void {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy or closing library is checkpointed at a later commit, as it would be anyway.
  }
}

/**
 * The worker's side (returns `db`; without a shared buffer, as it was): every outermost `BEGIN IMMEDIATE` of `db` (the worker's library connection)
 * first gives way to a main-thread call that wants to write, then says it holds the lock until
 * it commits or rolls back, and copies what it committed into the database before it lets go.
 * Other kinds of transaction (reads) are left as they are.
 */
export function takeTurns(
  db: Database.Database,
  buffer: SharedArrayBuffer | undefined,
  giveWayMs = GIVE_WAY_MS,
): Database.Database {
  if (buffer === undefined) return db;
  const word = new Int32Array(buffer);
  const giveWay = (): void => {
    const until = performance.now() + giveWayMs;
    for (;;) {
      const wants = Atomics.load(word, WANTS);
      const left = until - performance.now();
      if (wants === 0 || left <= 0) return;
      Atomics.wait(word, WANTS, wants, left);
    }
  };
  const transaction = db.transaction.bind(db) as unknown as (fn: unknown) => LooseTransaction;
  // better-sqlite3's transaction functions are frozen; a function of the same shape wraps them.
  db.transaction = ((fn: unknown) => {
    const tx = transaction(fn);
    const immediate = (...args: unknown[]): unknown => {
      if (db.inTransaction) return tx.immediate(...args);
      giveWay();
      Atomics.store(word, HOLDS, 1);
      try {
        const result = tx.immediate(...args);
        copyIntoDatabase(db);
        return result;
      } finally {
        Atomics.store(word, HOLDS, 0);
        Atomics.notify(word, HOLDS);
      }
    };
    const run = (...args: unknown[]): unknown => tx(...args);
    return Object.assign(run, {
      default: tx.default,
      deferred: tx.deferred,
      immediate,
      exclusive: tx.exclusive,
      database: db,
    });
  }) as unknown as Database.Database['transaction'];
  return db;
}
