import type Database from 'better-sqlite3';
import type { ServerAccountInfo, ServerKind } from '../types';

/** A configured server as the library keeps it: no token, password or webhook secret. */
export interface ServerRow {
  id: string;
  kind: ServerKind;
  name: string;
  url: string | null;
  listen: 'local' | 'network';
  thresholdPercent: number;
  accounts: ServerAccountInfo[];
  chosenAccounts: string[];
  state: 'connected' | 'listening' | 'unreachable' | 'refused' | 'idle';
  message: string;
  lastEventAt: number | null;
  createdAt: number;
}

interface Raw {
  id: string;
  kind: ServerKind;
  name: string;
  url: string | null;
  listen: 'local' | 'network';
  threshold_percent: number;
  accounts: string;
  chosen_accounts: string;
  state: ServerRow['state'];
  message: string;
  last_event_at: number | null;
  created_at: number;
}

export interface ServerStore {
  list(): ServerRow[];
  get(id: string): ServerRow | null;
  insert(row: ServerRow): void;
  update(id: string, patch: Partial<Omit<ServerRow, 'id' | 'kind' | 'createdAt'>>): void;
  remove(id: string): void;
  /** The newest "last played" time read from the server (its clock); null before the first read. */
  pollCursor(id: string): number | null;
  setPollCursor(id: string, at: number): void;
  /** Other ids the server's announcements give its accounts: announced id → account id. */
  aliases(id: string): Record<string, string>;
  setAliases(id: string, aliases: Record<string, string>): void;
}

function parseAliases(text: string | undefined): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

function parseList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

const fromRaw = (r: Raw): ServerRow => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  url: r.url,
  listen: r.listen,
  thresholdPercent: r.threshold_percent,
  accounts: parseList<ServerAccountInfo>(r.accounts),
  chosenAccounts: parseList<string>(r.chosen_accounts),
  state: r.state,
  message: r.message,
  lastEventAt: r.last_event_at,
  createdAt: r.created_at,
});

const columns: Partial<Record<string, string>> = {
  name: 'name',
  url: 'url',
  listen: 'listen',
  thresholdPercent: 'threshold_percent',
  accounts: 'accounts',
  chosenAccounts: 'chosen_accounts',
  state: 'state',
  message: 'message',
  lastEventAt: 'last_event_at',
};

export function createServerStore(db: Database.Database): ServerStore {
  const all = db.prepare('SELECT * FROM capture_servers ORDER BY created_at, id');
  const one = db.prepare('SELECT * FROM capture_servers WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO capture_servers (id, kind, name, url, listen, threshold_percent, accounts,
       chosen_accounts, state, message, last_event_at, created_at)
     VALUES (@id, @kind, @name, @url, @listen, @thresholdPercent, @accounts, @chosenAccounts,
       @state, @message, @lastEventAt, @createdAt)`,
  );
  const remove = db.prepare('DELETE FROM capture_servers WHERE id = ?');
  const cursor = db.prepare('SELECT poll_cursor FROM capture_servers WHERE id = ?').pluck();
  const setCursor = db.prepare('UPDATE capture_servers SET poll_cursor = ? WHERE id = ?');
  const aliases = db.prepare('SELECT account_aliases FROM capture_servers WHERE id = ?').pluck();
  const setAliases = db.prepare('UPDATE capture_servers SET account_aliases = ? WHERE id = ?');
  return {
    pollCursor: (id) => (cursor.get(id) as number | null | undefined) ?? null,
    setPollCursor: (id, at) => {
      setCursor.run(at, id);
    },
    aliases: (id) => parseAliases(aliases.get(id) as string | undefined),
    setAliases: (id, map) => {
      setAliases.run(JSON.stringify(map), id);
    },
    list: () => (all.all() as Raw[]).map(fromRaw),
    get: (id) => {
      const raw = one.get(id) as Raw | undefined;
      return raw ? fromRaw(raw) : null;
    },
    insert: (row) => {
      insert.run({
        ...row,
        accounts: JSON.stringify(row.accounts),
        chosenAccounts: JSON.stringify(row.chosenAccounts),
      });
    },
    update: (id, patch) => {
      const sets: string[] = [];
      const values: unknown[] = [];
      for (const [key, value] of Object.entries(patch) as [string, unknown][]) {
        const column = columns[key];
        if (column === undefined || value === undefined) continue;
        sets.push(`${column} = ?`);
        values.push(Array.isArray(value) ? JSON.stringify(value) : value);
      }
      if (sets.length === 0) return;
      db.prepare(`UPDATE capture_servers SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
    },
    remove: (id) => {
      remove.run(id);
    },
  };
}
