import { randomUUID } from 'node:crypto';
import { compareHlc, formatHlc, parseHlc, receiveHlc, sendHlc, type Hlc } from './hlc';
import type { ChangeStore } from './store/changes';
import type { Change, ChangeInput, SharedChange } from './types';

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
 *
 * Changes made on the person's other computers come in through `adopt`: stored with their own id,
 * clock and device, each once, their effect applied in the same transaction, and announced after
 * it commits like this computer's own.
 */
export interface ChangePath {
  write<T>(fn: () => T): T;
  /**
   * Resolves once this thread may write without waiting in SQLite for the worker's transaction
   * (see db/write-turn.ts); a background writer (a captured play, a refresh, a fill) awaits it and
   * then writes in the same task, so it never freezes the main process behind the worker.
   */
  turn(): Promise<void>;
  /** Records one change in the running write; outside one it is a programming error. */
  record(change: ChangeInput): Change;
  /** Hears every committed change once, in order; returns the unsubscribe function. */
  onCommitted(listener: (change: Change) => void): () => void;
  /**
   * Stores changes made on other computers, in one write: a change whose id is stored already is
   * left as it is (a file read twice changes nothing); each new one is stored with its own id,
   * clock and device, `apply` makes its effect in the same transaction, and the clock here moves
   * past its clock. Returns the changes that were new, announced once the write commits.
   */
  adopt(changes: readonly SharedChange[], apply: (change: Change) => void): Change[];
  /** Changes recorded after a local sequence number, oldest first, from every device. */
  since(seq: number, limit?: number): Change[];
  /** This installation's own changes after a local sequence number (what it shares). */
  ownSince(seq: number, limit?: number): Change[];
  /**
   * What this installation's files carry after a local sequence number: its own changes, and
   * those it made under the ids it had before it was copied to this computer (their original
   * id, clock and device kept), so a computer retired after the copy loses nothing it did not
   * share yet.
   */
  sharedSince(seq: number, limit?: number): Change[];
  /** The ids this library had before it was copied to other computers, oldest first. */
  formerDevices(): string[];
  /** This installation's id, made on first use. */
  device(): string;
  /**
   * Starts following what another connection to the same library commits (a worker's job):
   * from now until `announce`, this path's clock also reads the log at each change, so the two
   * writers' changes keep one order. `announce` then tells this path's listeners of every change
   * committed since the follow began that this path did not announce itself, page by page with
   * a pause between pages, and returns how many it announced.
   */
  follow(): ChangeFollow;
}

export interface ChangeFollow {
  /** The newest local sequence number when the follow began. */
  readonly seq: number;
  /**
   * Announces what the other connection committed since the last catch-up (or the follow began),
   * and keeps following: a long job's chunks are heard as each commits. Returns how many.
   */
  catchUp(): Promise<number>;
  /** A last catch-up, which ends the follow; later calls announce nothing. */
  announce(): Promise<number>;
}

export interface ChangePathDeps {
  store: ChangeStore;
  clock: () => number;
  newId?: () => string;
  /**
   * Which computer this is (see `machineFingerprint`). When given, it is kept beside the device
   * id, and a library that finds another one at start was copied from another computer: it takes
   * a new device id, and the changes made before keep the old one.
   */
  fingerprint?: () => string;
  /**
   * Another connection writes the same log at the same time (the worker's, while the main
   * process writes too): the clock reads the newest stored change before each change it makes.
   */
  shared?: boolean;
  /** The main process's write turns (`WriteTurns.turn`); without it a turn is given at once. */
  turn?: () => Promise<void>;
}

const DEVICE_KEY = 'device';
const FINGERPRINT_KEY = 'fingerprint';
const FORMER_KEY = 'former-devices';
const START: Hlc = { ms: 0, counter: 0 };
const boundedLimit = (limit: number): number => Math.max(1, Math.min(limit, 10_000));
/**
 * Changes read per page when announcing another connection's changes: a change may hold
 * hundreds of plays (a restore's chunk of 500, an import's of 200), so pages are sized by time,
 * as the last one took, starting from a single change, well within a 50 ms long task.
 */
const FOLLOW_PAGE = { first: 1, most: 200, budgetMs: 10 };
const nextPage = (size: number, ms: number): number =>
  ms > FOLLOW_PAGE.budgetMs
    ? Math.max(1, Math.floor(size / 2))
    : ms < FOLLOW_PAGE.budgetMs / 3
      ? Math.min(FOLLOW_PAGE.most, size * 2)
      : size;
const later = (a: Hlc, b: Hlc | null): Hlc => (b !== null && compareHlc(b, a) > 0 ? b : a);

export function createChangePath(deps: ChangePathDeps): ChangePath {
  const { store, clock } = deps;
  const newId = deps.newId ?? randomUUID;
  const listeners = new Set<(change: Change) => void>();
  /** Changes recorded in the running write, not yet committed. */
  let pending: Change[] = [];
  let depth = 0;
  let device: string | null = null;
  let last: Hlc | null = null;
  /** Follows running (see `follow`), and the sequence numbers announced here meanwhile. */
  let following = 0;
  const announcedHere = new Set<number>();

  /** A library first opened on another computer gives this one a device id of its own. */
  const checkMachine = (fingerprint: string): void => {
    store.transaction(() => {
      const stored = store.meta(DEVICE_KEY);
      const seen = store.meta(FINGERPRINT_KEY);
      if (stored !== null && seen !== null && seen !== fingerprint) {
        const former = JSON.parse(store.meta(FORMER_KEY) ?? '[]') as string[];
        store.setMeta(FORMER_KEY, JSON.stringify([...former, stored]));
        store.setMeta(DEVICE_KEY, newId());
      }
      if (seen !== fingerprint) store.setMeta(FINGERPRINT_KEY, fingerprint);
    });
  };
  if (deps.fingerprint) {
    try {
      checkMachine(deps.fingerprint());
    } catch {
      // A library that cannot be written now keeps its id; the check runs again at the next start.
    }
  }

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
    const known = last ?? parseHlc(store.lastHlc()) ?? START;
    const shared = deps.shared === true || following > 0;
    last = sendHlc(shared ? later(known, parseHlc(store.newest().hlc)) : known, clock());
    return formatHlc(last);
  };

  /** The clock after seeing a change made elsewhere; a value it cannot read is refused. */
  const receive = (change: SharedChange): void => {
    const remote = parseHlc(change.hlc);
    if (remote === null) throw new Error(`change ${change.id} has no readable clock`);
    last = receiveHlc(last ?? parseHlc(store.lastHlc()) ?? START, remote);
  };

  const announce = (changes: readonly Change[]): void => {
    if (following > 0) for (const change of changes) announcedHere.add(change.seq);
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

  const path: ChangePath = {
    turn: deps.turn ?? (() => Promise.resolve()),
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
    adopt(changes, apply) {
      return path.write(() => {
        const adopted: Change[] = [];
        for (const change of changes) {
          receive(change);
          const shared: SharedChange = {
            id: change.id,
            hlc: change.hlc,
            device: change.device,
            domain: change.domain,
            kind: change.kind,
            entity: change.entity,
            data: change.data ?? null,
          };
          const seq = store.insertNew(shared);
          if (seq === null) continue;
          const stored = { ...shared, seq };
          apply(stored);
          adopted.push(stored);
        }
        pending.push(...adopted);
        return adopted;
      });
    },
    since: (seq, limit = 1_000) => store.since(seq, boundedLimit(limit)),
    ownSince: (seq, limit = 1_000) => store.sinceOf(deviceId(), seq, boundedLimit(limit)),
    sharedSince: (seq, limit = 1_000) => {
      const former = path.formerDevices();
      if (former.length === 0) return path.ownSince(seq, limit);
      // Each id read by its own index range, then the first `limit` of them all by sequence.
      const size = boundedLimit(limit);
      return [deviceId(), ...former]
        .flatMap((device) => store.sinceOf(device, seq, size))
        .sort((a, b) => a.seq - b.seq)
        .slice(0, size);
    },
    formerDevices: () => {
      try {
        const former = JSON.parse(store.meta(FORMER_KEY) ?? '[]') as unknown;
        return Array.isArray(former)
          ? former.filter((d): d is string => typeof d === 'string')
          : [];
      } catch {
        return [];
      }
    },
    device: deviceId,
    follow() {
      following += 1;
      const from = store.newest().seq;
      let after = from;
      let ended = false;
      let chain: Promise<unknown> = Promise.resolve();
      /** Announces what was committed past `after`, page by page; returns how many. */
      const catchUp = async (): Promise<number> => {
        let count = 0;
        let size = FOLLOW_PAGE.first;
        for (;;) {
          const started = performance.now();
          const page = store.since(after, size);
          const theirs = page.filter((c) => !announcedHere.has(c.seq));
          for (const c of theirs) if (last !== null) last = later(last, parseHlc(c.hlc));
          announce(theirs);
          count += theirs.length;
          after = page.at(-1)?.seq ?? after;
          if (page.length < size) return count;
          size = nextPage(size, performance.now() - started);
          // Let the window's calls in between pages.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      };
      /** One catch-up at a time, in the order asked; the last one ends the follow. */
      const queued = (end: boolean): Promise<number> => {
        const next = chain.then(async () => {
          if (ended) return 0;
          if (end) ended = true;
          try {
            return await catchUp();
          } finally {
            if (end) {
              following -= 1;
              if (following === 0) announcedHere.clear();
            }
          }
        });
        chain = next.catch(() => undefined);
        return next;
      };
      return {
        seq: from,
        catchUp: () => queued(false),
        announce: () => queued(true),
      };
    },
  };
  return path;
}
