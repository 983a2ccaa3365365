import type Database from 'better-sqlite3';

/** Every SQL statement of the preferences table lives behind this object. */
export interface PreferenceStore {
  /** The value's JSON text, or null when the key was never set. */
  get(key: string): string | null;
  /** Every key starting with `prefix`, with its value's JSON text, by key. */
  entries(prefix: string): Array<{ key: string; value: string }>;
  put(key: string, value: string, at: number): void;
}

export function createPreferenceStore(db: Database.Database): PreferenceStore {
  const get = db.prepare<[string], string>('SELECT value FROM preferences WHERE key = ?').pluck();
  // `prefix || char(0x10FFFF)` bounds the range so the primary key serves the lookup.
  const entries = db.prepare<[string, string], { key: string; value: string }>(
    `SELECT key, value FROM preferences WHERE key >= ? AND key < ? || char(1114111) ORDER BY key`,
  );
  const put = db.prepare(
    `INSERT INTO preferences (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  return {
    get: (key) => get.get(key) ?? null,
    entries: (prefix) => entries.all(prefix, prefix),
    put: (key, value, at) => void put.run(key, value, at),
  };
}
