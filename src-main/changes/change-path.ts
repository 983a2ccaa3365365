import { randomUUID } from 'node:crypto';
import type { ChangeStore } from './store/changes';
import type { Change, ChangeInput } from './types';

/**
 * The one way Marquee's own data is written. A domain service runs its writes in `write`, and
 * calls `record` once per logical change inside it:
 *
 * 1. the service validates before it writes;
 * 2. `write` runs the writes in one transaction (nested writes join it as a savepoint);
 * 3. `record` stores the change in that same transaction, so the data and its record commit or
 *    roll back together;
 * 4. listeners hear of each change once, after the outermost transaction commits, in the order
 *    recorded; a write that throws (or a savepoint that rolls back) announces nothing of its own.
 *
 * A write that joins a transaction someone else opened cannot see that transaction end: its
 * changes are announced on the next microtask, and only those the database then holds (better-
 * sqlite3's transactions are synchronous, so by then the outer one has committed or rolled back).
 */
export interface ChangePath {
  write<T>(fn: () => T): T;
  /** Records one change in the running write; outside one it is a programming error. */
  record(change: ChangeInput): Change;
  /** Hears every committed change once, in order; returns the unsubscribe function. */
  onCommitted(listener: (change: Change) => void): () => void;
  /** Changes recorded after a local sequence number, oldest first (what sync replicates). */
  since(seq: number, limit?: number): Change[];
  /** This installation's id, made on first use. */
  device(): string;
}

export interface ChangePathDeps {
  store: ChangeStore;
  clock: () => number;
  newId?: () => string;
}

const DEVICE_KEY = 'device';
const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Parses `<ms>-<counter>`; a value this code did not write reads as the start of time. */
function parseHlc(value: string | null): { ms: number; counter: number } {
  const match = value === null ? null : /^(\d{13})-(\d{6})$/.exec(value);
  return match ? { ms: Number(match[1]), counter: Number(match[2]) } : { ms: 0, counter: 0 };
}

export function createChangePath(deps: ChangePathDeps): ChangePath {
  const { store, clock } = deps;
  const newId = deps.newId ?? randomUUID;
  const listeners = new Set<(change: Change) => void>();
  /** Changes recorded in the running write, not yet committed. */
  let pending: Change[] = [];
  let depth = 0;
  let device: string | null = null;
  let last: { ms: number; counter: number } | null = null;

  /**
   * Read from the library each time: the transaction that first stored it may be one this path
   * did not open, and roll back; the id it made is then stored again with the next change.
   */
  const deviceId = (): string => {
    const stored = store.meta(DEVICE_KEY);
    if (stored !== null) return (device = stored);
    device ??= newId();
    store.setMeta(DEVICE_KEY, device);
    return device;
  };

  /** The next clock value: the wall clock, or one tick past the last value when it is behind. */
  const tick = (): string => {
    last ??= parseHlc(store.lastHlc());
    const now = Math.max(0, Math.trunc(clock()));
    last = now > last.ms ? { ms: now, counter: 0 } : { ms: last.ms, counter: last.counter + 1 };
    return `${pad(last.ms, 13)}-${pad(last.counter, 6)}`;
  };

  const announce = (changes: readonly Change[]): void => {
    for (const change of changes)
      for (const listener of [...listeners]) {
        try {
          listener(change);
        } catch {
          // One listener's failure never stops the others, nor the write that already committed.
        }
      }
  };

  /** Announces changes made inside a transaction this path did not open, once it has ended. */
  const announceWhenForeignEnds = (changes: Change[]): void => {
    queueMicrotask(() => {
      let kept: Set<string>;
      try {
        if (store.inTransaction()) {
          announceWhenForeignEnds(changes);
          return;
        }
        kept = store.stored(changes.map((c) => c.id));
      } catch {
        // The library was closed meanwhile (Marquee is stopping): no one is left to tell.
        return;
      }
      announce(changes.filter((c) => kept.has(c.id)));
    });
  };

  return {
    write(fn) {
      const foreign = depth === 0 && store.inTransaction();
      const mark = pending.length;
      depth += 1;
      let result;
      try {
        result = store.transaction(fn);
      } catch (error) {
        // The transaction (or this savepoint) rolled back: so do its records.
        pending = pending.slice(0, mark);
        if (depth === 1) {
          last = null;
          device = null;
        }
        throw error;
      } finally {
        depth -= 1;
      }
      if (depth === 0) {
        const committed = pending;
        pending = [];
        if (foreign) announceWhenForeignEnds(committed);
        else announce(committed);
      }
      return result;
    },
    record(input) {
      if (depth === 0) throw new Error(`change ${input.kind} recorded outside a write`);
      const change: Omit<Change, 'seq'> = {
        id: newId(),
        hlc: tick(),
        device: deviceId(),
        domain: input.domain,
        kind: input.kind,
        entity: input.entity,
        data: input.data ?? null,
      };
      const recorded = { ...change, seq: store.insert(change) };
      pending.push(recorded);
      return recorded;
    },
    onCommitted(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    since: (seq, limit = 1_000) => store.since(seq, Math.max(1, Math.min(limit, 10_000))),
    device: deviceId,
  };
}
