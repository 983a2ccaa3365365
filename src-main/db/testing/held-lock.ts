import Database from 'better-sqlite3';

/**
 * Another connection holding the library's write lock, as the worker does during a sync's or an
 * import's transaction, with the turn the main process would be given: it resolves once the lock
 * is let go. The caller's own connection should have `busy_timeout = 0`, so a write that does not
 * wait for its turn fails with "database is locked" instead of waiting inside SQLite.
 */
export interface HeldLock {
  /** Resolves when the lock is let go (the `turn` of `db/write-turn.ts`). */
  turn(): Promise<void>;
  /** How many turns were asked for so far. */
  asked(): number;
  /** Commits the other connection's transaction and gives every waiting turn. */
  release(): void;
}

export function holdWriteLock(file: string): HeldLock {
  const other = new Database(file);
  other.exec('BEGIN IMMEDIATE');
  let asked = 0;
  let give!: () => void;
  const released = new Promise<void>((resolve) => (give = resolve));
  return {
    turn: () => {
      asked += 1;
      return released;
    },
    asked: () => asked,
    release: () => {
      if (other.inTransaction) other.exec('COMMIT');
      other.close();
      give();
    },
  };
}
