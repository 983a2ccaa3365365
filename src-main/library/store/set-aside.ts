import type Database from 'better-sqlite3';
import { decodeOp } from '../changes';

/** What the sync panel says about a change whose saved copy could not be read. */
export const SET_ASIDE_REASONS = {
  requeued:
    'Its saved copy was damaged. Marquee queued the change again from its second copy, so it will still be sent.',
  replaced:
    'Its saved copy was damaged. A later change to the same title replaces it, so nothing is lost.',
  unreadable:
    'Its saved copy was damaged and Marquee’s second copy of it could not be read either. It is kept in your library file but cannot be sent.',
} as const;

interface DamagedRow {
  seq: number;
  op: string;
}

/**
 * Sets an outbox row that cannot be decoded aside without losing the user's intent: the row
 * leaves the queue (kept, with its text, in `dead_letters`), and when its intact copy in
 * `local_intents` still reads, that copy is queued again under a new sequence number, so the
 * change still reaches TMDB and stays on top of the next pull. The intent is never deleted here.
 * Returns a function to run inside the caller's transaction.
 */
export function createSetAside(
  db: Database.Database,
  clock: () => number,
): (row: DamagedRow, problem: string) => void {
  const deadLetter = db.prepare(
    `INSERT OR IGNORE INTO dead_letters (source, source_key, payload, reason, found_at)
     VALUES ('outbox', ?, ?, ?, ?)`,
  );
  const cancel = db.prepare(
    "UPDATE outbox SET status = 'cancelled', last_error = ?, settled_at = ? WHERE seq = ?",
  );
  const intentOf = db.prepare<[number], { item_key: string; op: string }>(
    'SELECT item_key, op FROM local_intents WHERE seq = ?',
  );
  const laterIntent = db.prepare('SELECT 1 FROM local_intents WHERE item_key = ? AND seq > ?');
  const itemOf = db.prepare('SELECT item_key FROM outbox WHERE seq = ?').pluck();
  const append = db.prepare(
    "INSERT INTO outbox (item_key, op, queued_at, status) VALUES (?, ?, ?, 'pending')",
  );
  const moveIntent = db.prepare('UPDATE local_intents SET seq = ?, queued_at = ? WHERE seq = ?');

  return (row, problem) => {
    const now = clock();
    const intent = intentOf.get(row.seq);
    let reason: string;
    if (intent !== undefined && 'op' in decodeOp(intent.op)) {
      const seq = Number(append.run(intent.item_key, intent.op, now).lastInsertRowid);
      moveIntent.run(seq, now, row.seq);
      reason = SET_ASIDE_REASONS.requeued;
    } else {
      const item = itemOf.get(row.seq);
      const replaced = typeof item === 'string' && laterIntent.get(item, row.seq) !== undefined;
      reason = replaced ? SET_ASIDE_REASONS.replaced : SET_ASIDE_REASONS.unreadable;
    }
    deadLetter.run(String(row.seq), row.op, reason, now);
    cancel.run(`set aside: ${problem}`, now, row.seq);
  };
}
