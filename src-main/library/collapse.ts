import { itemKey, listOf, type OutboxOp } from './changes';

export interface OpenEntry {
  seq: number;
  op: OutboxOp;
  queuedAt: number;
  attempts: number;
}

/** One op to send, standing for every queued entry it covers (all of them settle together). */
export interface NetOp {
  seq: number;
  op: OutboxOp;
  queuedAt: number;
  attempts: number;
  covers: number[];
}

export interface Collapsed {
  send: NetOp[];
  /** Entries that need not be sent at all: everything done to a list that was created and deleted offline. */
  cancelled: number[];
}

/**
 * Collapses the open outbox to the last intent per item, in queue order:
 * - per item (watchlist, favourite, rating, one movie in one list) the last entry wins
 *   (add then remove → remove; rate 6 then 8 → 8);
 * - a list clear covers the item changes queued before it for that list;
 * - a list delete covers everything queued before it for that list; and when the list was
 *   created in this same queue and its creation was never tried (the server cannot have it),
 *   nothing about it is sent.
 * - a creation that was tried without a known outcome (the answer was lost) is never collapsed
 *   away: it is sent (and reconciled, see send-op.ts) before the delete, which then targets the
 *   server's list (issue 12, defect 5).
 * `listsWithServerId` tells which lists the server already has.
 */
export function collapse(
  entries: readonly OpenEntry[],
  listsWithServerId: ReadonlySet<string>,
): Collapsed {
  const lastClear = new Map<string, number>();
  const lastDelete = new Map<string, number>();
  const createdHere = new Set<string>();
  for (const e of entries) {
    const list = listOf(e.op);
    if (list === undefined) continue;
    if (e.op.type === 'list_clear') lastClear.set(list, e.seq);
    if (e.op.type === 'list_delete') lastDelete.set(list, e.seq);
    if (e.op.type === 'list_create' && !listsWithServerId.has(list) && e.attempts === 0)
      createdHere.add(list);
  }

  // Each entry is owned by the key of the entry that will stand for it when sent.
  const cancelled: number[] = [];
  const groups = new Map<string, OpenEntry[]>();
  for (const e of entries) {
    const owner = ownerKey(e, lastClear, lastDelete, createdHere);
    if (owner === null) {
      cancelled.push(e.seq);
      continue;
    }
    const group = groups.get(owner);
    if (group) group.push(e);
    else groups.set(owner, [e]);
  }

  const send: NetOp[] = [];
  for (const [owner, group] of groups) {
    // Entries arrive in seq order, so the last one with the owner's own key is the intent to send.
    const winner = group.findLast((e) => itemKey(e.op) === owner);
    if (!winner) continue;
    send.push({
      seq: winner.seq,
      op: winner.op,
      queuedAt: winner.queuedAt,
      attempts: winner.attempts,
      covers: group.map((e) => e.seq),
    });
  }
  send.sort((a, b) => a.seq - b.seq);
  return { send, cancelled };
}

function ownerKey(
  e: OpenEntry,
  lastClear: ReadonlyMap<string, number>,
  lastDelete: ReadonlyMap<string, number>,
  createdHere: ReadonlySet<string>,
): string | null {
  const list = listOf(e.op);
  if (list === undefined) return itemKey(e.op);
  const deletedAt = lastDelete.get(list);
  if (deletedAt !== undefined && createdHere.has(list)) return null;
  // A creation that may have reached TMDB stands on its own, ahead of the delete that follows it.
  if (e.op.type === 'list_create') return itemKey(e.op);
  if (deletedAt !== undefined && e.seq <= deletedAt) return `list:${list}:list_delete`;
  const clearedAt = lastClear.get(list);
  if (e.op.type === 'list_item' && clearedAt !== undefined && e.seq < clearedAt)
    return `list:${list}:list_clear`;
  return itemKey(e.op);
}
