import type Database from 'better-sqlite3';
import type { Change } from '../types';

interface ChangeRow {
  seq: number;
  id: string;
  hlc: string;
  device: string;
  domain: string;
  kind: string;
  entity: string;
  data: string;
}

/** Every SQL statement of the change log lives behind this object. */
export interface ChangeStore {
  /** Adds one change; returns its local sequence number. */
  insert(change: Omit<Change, 'seq'>): number;
  /** Adds a change made elsewhere unless its id is stored; its sequence number, or null. */
  insertNew(change: Omit<Change, 'seq'>): number | null;
  /** Changes after a local sequence number, oldest first. */
  since(seq: number, limit: number): Change[];
  /** One device's changes after a local sequence number, oldest first. */
  sinceOf(device: string, seq: number, limit: number): Change[];
  /** Which of these ids are stored (a change whose transaction rolled back is not). */
  stored(ids: readonly string[]): Set<string>;
  /** The newest clock value known here (made here or received), or null before the first. */
  lastHlc(): string | null;
  /** The newest local sequence number and that change's clock (0 and null before the first). */
  newest(): { seq: number; hlc: string | null };
  meta(key: string): string | null;
  setMeta(key: string, value: string): void;
  inTransaction(): boolean;
  transaction<T>(fn: () => T): T;
}

const toChange = (row: ChangeRow): Change => ({
  seq: row.seq,
  id: row.id,
  hlc: row.hlc,
  device: row.device,
  domain: row.domain as Change['domain'],
  kind: row.kind,
  entity: row.entity,
  data: JSON.parse(row.data) as unknown,
});

export function createChangeStore(db: Database.Database): ChangeStore {
  const insert = db.prepare(
    `INSERT INTO changes (id, hlc, device, domain, kind, entity, data)
     VALUES (@id, @hlc, @device, @domain, @kind, @entity, @data)`,
  );
  const insertNew = db.prepare(
    `INSERT INTO changes (id, hlc, device, domain, kind, entity, data)
     VALUES (@id, @hlc, @device, @domain, @kind, @entity, @data) ON CONFLICT (id) DO NOTHING`,
  );
  const since = db.prepare<[number, number], ChangeRow>(
    'SELECT * FROM changes WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const sinceOf = db.prepare<[string, number, number], ChangeRow>(
    'SELECT * FROM changes WHERE device = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  const one = db.prepare<[string], { id: string }>('SELECT id FROM changes WHERE id = ?');
  const last = db.prepare<[], { hlc: string | null }>('SELECT max(hlc) AS hlc FROM changes');
  const newest = db.prepare<[], { seq: number; hlc: string }>(
    'SELECT seq, hlc FROM changes ORDER BY seq DESC LIMIT 1',
  );
  const getMeta = db.prepare<[string], { value: string }>(
    'SELECT value FROM change_meta WHERE key = ?',
  );
  const setMeta = db.prepare(
    'INSERT INTO change_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    insert: (change) =>
      Number(insert.run({ ...change, data: JSON.stringify(change.data) }).lastInsertRowid),
    insertNew: (change) => {
      const result = insertNew.run({ ...change, data: JSON.stringify(change.data) });
      return result.changes > 0 ? Number(result.lastInsertRowid) : null;
    },
    since: (seq, limit) => since.all(seq, limit).map(toChange),
    sinceOf: (device, seq, limit) => sinceOf.all(device, seq, limit).map(toChange),
    stored: (ids) => new Set(ids.filter((id) => one.get(id) !== undefined)),
    lastHlc: () => last.get()?.hlc ?? null,
    newest: () => newest.get() ?? { seq: 0, hlc: null },
    meta: (key) => getMeta.get(key)?.value ?? null,
    setMeta: (key, value) => {
      setMeta.run(key, value);
    },
    inTransaction: () => db.inTransaction,
    // The outermost write takes the write lock first: with the worker writing the same library,
    // a write that read first could otherwise fail at once when the other committed meanwhile.
    transaction: (fn) => (db.inTransaction ? db.transaction(fn)() : db.transaction(fn).immediate()),
  };
}
