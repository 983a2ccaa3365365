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
  /** Changes after a local sequence number, oldest first. */
  since(seq: number, limit: number): Change[];
  /** Which of these ids are stored (a change whose transaction rolled back is not). */
  stored(ids: readonly string[]): Set<string>;
  /** The newest clock value written here, or null before the first change. */
  lastHlc(): string | null;
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
  const since = db.prepare<[number, number], ChangeRow>(
    'SELECT * FROM changes WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const one = db.prepare<[string], { id: string }>('SELECT id FROM changes WHERE id = ?');
  const last = db.prepare<[], { hlc: string }>('SELECT hlc FROM changes ORDER BY seq DESC LIMIT 1');
  const getMeta = db.prepare<[string], { value: string }>(
    'SELECT value FROM change_meta WHERE key = ?',
  );
  const setMeta = db.prepare(
    'INSERT INTO change_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    insert: (change) =>
      Number(insert.run({ ...change, data: JSON.stringify(change.data) }).lastInsertRowid),
    since: (seq, limit) => since.all(seq, limit).map(toChange),
    stored: (ids) => new Set(ids.filter((id) => one.get(id) !== undefined)),
    lastHlc: () => last.get()?.hlc ?? null,
    meta: (key) => getMeta.get(key)?.value ?? null,
    setMeta: (key, value) => {
      setMeta.run(key, value);
    },
    inTransaction: () => db.inTransaction,
    transaction: (fn) => db.transaction(fn)(),
  };
}
