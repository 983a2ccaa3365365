import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { redact } from '../../../src-shared/redact';
import {
  decodeOp,
  itemKey,
  toOp,
  userChange,
  type OutboxOp,
  type UserChangeInput,
} from '../changes';
import { collapse, type NetOp, type OpenEntry } from '../collapse';
import { createMirrorWriter, LibraryInputError } from './mirror';
import { createSetAside } from './set-aside';
import { createMirrorReplacer, type MirrorSnapshot } from './snapshot';

export type OutboxStatus =
  'pending' | 'in_flight' | 'failed' | 'sent' | 'collapsed' | 'superseded' | 'cancelled';

export interface OutboxEntry {
  seq: number;
  itemKey: string;
  op: OutboxOp;
  queuedAt: number;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number;
}

/** A stored row that could not be read, set aside instead of stopping start-up or sync. */
export interface DeadLetter {
  source: string;
  key: string;
  reason: string;
  foundAt: number;
}

export type { MirrorEntry, MirrorSnapshot } from './snapshot';

export interface Library {
  /** Applies the change to the mirror and queues it, in one durable transaction. */
  applyUserChange(change: UserChangeInput): { seq: number; listId?: string };
  /** The open outbox collapsed to one op per item, in queue order (see collapse.ts). */
  pending(): NetOp[];
  entries(statuses?: readonly OutboxStatus[]): OutboxEntry[];
  serverListId(listId: string): number | null;
  markInFlight(net: NetOp): void;
  markSent(net: NetOp, result?: { listServerId?: number }): void;
  markRetry(net: NetOp, error: string, nextAttemptAt: number): void;
  markFailed(net: NetOp, error: string): void;
  markSuperseded(net: NetOp, reason: string, remote?: OutboxOp): void;
  /** Puts failed entries back in the queue (the user pressed "retry"). */
  retryFailed(): number;
  replaceMirror(snapshot: MirrorSnapshot): void;
  /** Removes every row: mirror, lists and outbox (sign-out). */
  clearAll(): void;
  /** Rows set aside because they could not be read, newest first. */
  deadLetters(): DeadLetter[];
  /** How many entries have these statuses (without reading them). */
  count(statuses: readonly OutboxStatus[]): number;
}

const OPEN: readonly OutboxStatus[] = ['pending', 'in_flight'];

interface OutboxRow {
  seq: number;
  item_key: string;
  op: string;
  queued_at: number;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
}

export function createLibrary(
  db: Database.Database,
  options: { clock: () => number; newListId?: () => string },
): Library {
  const { clock } = options;
  const newListId = options.newListId ?? ((): string => `local-${randomUUID()}`);
  const mirror = createMirrorWriter(db);
  const append = db.prepare('INSERT INTO outbox (item_key, op, queued_at) VALUES (?, ?, ?)');
  const selectStatus = (
    statuses: readonly OutboxStatus[],
  ): Database.Statement<unknown[], OutboxRow> =>
    db.prepare(
      `SELECT * FROM outbox WHERE status IN (${statuses.map(() => '?').join(',')}) ORDER BY seq`,
    );
  const selectOpen = selectStatus(OPEN);
  const serverIds = db.prepare<[], { id: string }>('SELECT list_id AS id FROM list_server_ids');
  const serverIdOf = db.prepare('SELECT server_id FROM list_server_ids WHERE list_id = ?').pluck();
  const mapId = db.prepare(
    'INSERT INTO list_server_ids (list_id, server_id) VALUES (?, ?) ON CONFLICT DO UPDATE SET server_id = excluded.server_id',
  );
  const showId = db.prepare('UPDATE lists SET server_id = ? WHERE id = ?');
  const setServerId = (serverId: number, listId: string): void => {
    mapId.run(listId, serverId);
    showId.run(serverId, listId);
  };
  const settle = db.prepare(
    'UPDATE outbox SET status = ?, last_error = ?, settled_at = ? WHERE seq = ?',
  );
  const putIntent = db.prepare(
    `INSERT INTO local_intents (item_key, seq, op, queued_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (item_key) DO UPDATE SET seq = excluded.seq, op = excluded.op, queued_at = excluded.queued_at`,
  );
  const dropIntent = db.prepare('DELETE FROM local_intents WHERE seq = ?');
  const selectDead = db.prepare<
    [],
    { source: string; key: string; reason: string; foundAt: number }
  >(
    'SELECT source, source_key AS key, reason, found_at AS foundAt FROM dead_letters ORDER BY id DESC',
  );
  // A row that cannot be read is kept (never deleted) but leaves the queue, with the reason shown;
  // its intact intent is queued again (set-aside.ts).
  const setAside = db.transaction(createSetAside(db, clock));
  /** Decodes stored rows; a row that cannot be read is set aside and skipped, never thrown. */
  // A stored op never changes once written, so each row is decoded (and validated) once.
  const decodedOps = new Map<number, OutboxOp>();
  // Reads through `read` again after a row was set aside, so its queued-again copy is included.
  const decoded = (read: () => OutboxRow[]): Array<{ row: OutboxRow; op: OutboxOp }> => {
    const good: Array<{ row: OutboxRow; op: OutboxOp }> = [];
    let setAsideNow = false;
    for (const row of read()) {
      const known = decodedOps.get(row.seq);
      if (known) {
        good.push({ row, op: known });
        continue;
      }
      const result = decodeOp(row.op);
      if ('op' in result) {
        decodedOps.set(row.seq, result.op);
        good.push({ row, op: result.op });
        continue;
      }
      // A settled row is history: only a change still to be sent needs setting aside.
      if (!['pending', 'in_flight', 'failed'].includes(row.status)) continue;
      try {
        setAside(row, result.problem);
        setAsideNow = true;
      } catch {
        // Recording it failed (e.g. a full disk): it is skipped now and set aside on a later read.
      }
    }
    return setAsideNow ? decoded(read) : good;
  };
  const toEntry = ({ row: r, op }: { row: OutboxRow; op: OutboxOp }): OutboxEntry => ({
    seq: r.seq,
    itemKey: r.item_key,
    op,
    queuedAt: r.queued_at,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: r.next_attempt_at,
  });
  const inFlight = db.prepare(
    "UPDATE outbox SET status = 'in_flight', attempts = attempts + 1 WHERE seq = ?",
  );
  const retry = db.prepare(
    "UPDATE outbox SET status = 'pending', last_error = ?, next_attempt_at = ? WHERE seq = ?",
  );

  const settleAll = (
    net: NetOp,
    winner: OutboxStatus,
    others: OutboxStatus,
    error: string | null,
  ): void => {
    const now = clock();
    for (const seq of net.covers) {
      settle.run(seq === net.seq ? winner : others, error, now, seq);
      // A failed change is still the user's intent (it can be retried); a settled one is not.
      if (winner !== 'failed') dropIntent.run(seq);
    }
  };

  const apply = db.transaction((change: UserChangeInput) => {
    const parsed = userChange.safeParse(change);
    if (!parsed.success) {
      throw new LibraryInputError(
        `invalid change: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    }
    const now = clock();
    const op = toOp(parsed.data, newListId);
    mirror.apply(op, now);
    const summary = 'summary' in parsed.data ? parsed.data.summary : undefined;
    if (summary) {
      const target = op.type === 'rating' ? op.target : 'mediaType' in op ? op : undefined;
      if (target && target.mediaType !== 'episode')
        mirror.summary(target.mediaType, target.mediaId, summary, now);
    }
    const text = JSON.stringify(op);
    const seq = Number(append.run(itemKey(op), text, now).lastInsertRowid);
    putIntent.run(itemKey(op), seq, text, now);
    return op.type === 'list_create' ? { seq, listId: op.listId } : { seq };
  });

  const replace = createMirrorReplacer(db, {
    clock,
    mirror,
    setServerId,
    openOps: () => decoded(() => selectOpen.all(...OPEN)),
  });

  return {
    applyUserChange: (change) => apply(change),
    pending() {
      const open: OpenEntry[] = decoded(() => selectOpen.all(...OPEN)).map(({ row: r, op }) => ({
        seq: r.seq,
        op,
        queuedAt: r.queued_at,
        attempts: r.attempts,
      }));
      const result = collapse(open, new Set(serverIds.all().map((r) => r.id)));
      if (result.cancelled.length > 0) {
        const now = clock();
        db.transaction(() => {
          for (const seq of result.cancelled) {
            settle.run(
              'cancelled',
              'the list was created and deleted before it was sent',
              now,
              seq,
            );
            dropIntent.run(seq);
          }
        })();
      }
      return result.send;
    },
    entries: (
      statuses = ['pending', 'in_flight', 'failed', 'sent', 'collapsed', 'superseded', 'cancelled'],
    ) => decoded(() => selectStatus(statuses).all(...statuses)).map(toEntry),
    serverListId(listId) {
      const value = serverIdOf.get(listId);
      return typeof value === 'number' ? value : null;
    },
    markInFlight: (net) => void inFlight.run(net.seq),
    markSent: db.transaction((net: NetOp, result?: { listServerId?: number }) => {
      if (net.op.type === 'list_create' && result?.listServerId !== undefined)
        setServerId(result.listServerId, net.op.listId);
      settleAll(net, 'sent', 'collapsed', null);
    }),
    markRetry: db.transaction((net: NetOp, error: string, nextAttemptAt: number) => {
      for (const seq of net.covers) retry.run(redact(error), nextAttemptAt, seq);
    }),
    markFailed: db.transaction((net: NetOp, error: string) => {
      settleAll(net, 'failed', 'failed', redact(error));
    }),
    markSuperseded: db.transaction((net: NetOp, reason: string, remote?: OutboxOp) => {
      if (remote) mirror.apply(remote, clock());
      settleAll(net, 'superseded', 'superseded', redact(reason));
    }),
    retryFailed: () =>
      db
        .prepare(
          "UPDATE outbox SET status = 'pending', next_attempt_at = 0 WHERE status = 'failed'",
        )
        .run().changes,
    replaceMirror: (snapshot) => {
      replace(snapshot);
    },
    clearAll: db.transaction(() => {
      decodedOps.clear();
      db.exec(
        'DELETE FROM collection_entries; DELETE FROM list_items; DELETE FROM lists; DELETE FROM list_server_ids; DELETE FROM item_summaries; DELETE FROM outbox; DELETE FROM local_intents; DELETE FROM dead_letters;',
      );
    }),
    deadLetters: () => selectDead.all(),
    count: (statuses) =>
      db
        .prepare(
          `SELECT count(*) FROM outbox WHERE status IN (${statuses.map(() => '?').join(',')})`,
        )
        .pluck()
        .get(...statuses) as number,
  };
}
