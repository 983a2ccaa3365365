import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { redact } from '../../src-shared/redact';
import {
  itemKey,
  toOp,
  userChange,
  type ItemSummary,
  type OutboxOp,
  type RatingTarget,
  type UserChangeInput,
} from './changes';
import { collapse, type NetOp, type OpenEntry } from './collapse';
import { createMirrorWriter, LibraryInputError } from './mirror';

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

export interface MirrorEntry {
  mediaType: 'movie' | 'tv';
  mediaId: number;
  addedAt?: number;
  summary?: ItemSummary;
}

/** A full pull of the account, page by page, as the core assembles it. */
export interface MirrorSnapshot {
  watchlist: MirrorEntry[];
  favorites: MirrorEntry[];
  rated: Array<{
    target: RatingTarget;
    value: number;
    ratedAt?: number;
    summary?: MirrorEntry['summary'];
  }>;
  lists: Array<{ serverId: number; name: string; description?: string; items: MirrorEntry[] }>;
}

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

const toEntry = (r: OutboxRow): OutboxEntry => ({
  seq: r.seq,
  itemKey: r.item_key,
  op: JSON.parse(r.op) as OutboxOp,
  queuedAt: r.queued_at,
  status: r.status,
  attempts: r.attempts,
  lastError: r.last_error,
  nextAttemptAt: r.next_attempt_at,
});

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
    for (const seq of net.covers) settle.run(seq === net.seq ? winner : others, error, now, seq);
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
    const seq = Number(append.run(itemKey(op), JSON.stringify(op), now).lastInsertRowid);
    return op.type === 'list_create' ? { seq, listId: op.listId } : { seq };
  });

  const replace = db.transaction((snapshot: MirrorSnapshot) => {
    const now = clock();
    const localIdOf = new Map(
      (
        db.prepare('SELECT list_id AS id, server_id FROM list_server_ids').all() as Array<{
          id: string;
          server_id: number;
        }>
      ).map((r) => [r.server_id, r.id]),
    );
    db.exec('DELETE FROM collection_entries; DELETE FROM lists;');
    const put = (type: 'watchlist' | 'favorite', e: MirrorEntry): void => {
      mirror.apply(
        { type, mediaType: e.mediaType, mediaId: e.mediaId, on: true },
        e.addedAt ?? now,
      );
      if (e.summary) mirror.summary(e.mediaType, e.mediaId, e.summary, now);
    };
    snapshot.watchlist.forEach((e) => {
      put('watchlist', e);
    });
    snapshot.favorites.forEach((e) => {
      put('favorite', e);
    });
    for (const r of snapshot.rated) {
      mirror.apply({ type: 'rating', target: r.target, value: r.value }, r.ratedAt ?? now);
      if (r.summary && r.target.mediaType !== 'episode')
        mirror.summary(r.target.mediaType, r.target.mediaId, r.summary, now);
    }
    for (const list of snapshot.lists) {
      const id = localIdOf.get(list.serverId) ?? String(list.serverId);
      mirror.apply(
        { type: 'list_create', listId: id, name: list.name, description: list.description ?? '' },
        now,
      );
      setServerId(list.serverId, id);
      for (const item of list.items) {
        mirror.apply(
          {
            type: 'list_item',
            listId: id,
            mediaType: 'movie',
            mediaId: item.mediaId,
            present: true,
          },
          item.addedAt ?? now,
        );
        if (item.summary) mirror.summary('movie', item.mediaId, item.summary, now);
      }
    }
    // Unsent local changes stay on top of the server's picture until they are sent.
    for (const row of selectOpen.all(...OPEN)) {
      try {
        mirror.apply(JSON.parse(row.op) as OutboxOp, row.queued_at);
      } catch (error) {
        // A queued change to a list the server no longer has: it will fail visibly when sent.
        if (!(error instanceof LibraryInputError)) throw error;
      }
    }
  });

  return {
    applyUserChange: (change) => apply(change),
    pending() {
      const open: OpenEntry[] = selectOpen.all(...OPEN).map((r) => ({
        seq: r.seq,
        op: JSON.parse(r.op) as OutboxOp,
        queuedAt: r.queued_at,
        attempts: r.attempts,
      }));
      const result = collapse(open, new Set(serverIds.all().map((r) => r.id)));
      if (result.cancelled.length > 0) {
        const now = clock();
        db.transaction(() => {
          for (const seq of result.cancelled)
            settle.run(
              'cancelled',
              'the list was created and deleted before it was sent',
              now,
              seq,
            );
        })();
      }
      return result.send;
    },
    entries: (
      statuses = ['pending', 'in_flight', 'failed', 'sent', 'collapsed', 'superseded', 'cancelled'],
    ) =>
      selectStatus(statuses)
        .all(...statuses)
        .map(toEntry),
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
  };
}
