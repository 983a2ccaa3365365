import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { listId } from '../../src-shared/ipc/contract/library';
import { id, media } from '../../src-shared/ipc/contract/models';

/**
 * The rules a salvaged row must meet: the same ones the IPC contract applies to new input, so a
 * row whose bytes were damaged (a list id with a flipped byte) never reaches a channel that would
 * refuse it, leaving a list that can be neither opened nor deleted.
 */
const RULES: Record<string, Record<string, z.ZodType>> = {
  lists: { id: listId },
  list_items: { list_id: listId, media_type: media, media_id: id },
  list_server_ids: { list_id: listId, server_id: id },
  collection_entries: { media_id: id },
  item_summaries: { media_type: media, media_id: id },
};

/** A salvaged row that broke a rule and could not be mended: kept in `dead_letters`, not copied. */
export interface SetAsideRow {
  table: string;
  row: Record<string, unknown>;
  problem: string;
}

export type RowCheck = (row: unknown[]) => unknown[] | SetAsideRow;

/**
 * The check for one table's rows (columns in `columns` order), or null when the table has no
 * rules. A list whose id was damaged is mended when the damaged file still says what it was:
 * TMDB's id for a synced list (its own id, or the local id mapped to it), the id of the
 * `list_create` change of the same name for a list not yet synced.
 */
export function rowCheck(
  old: Database.Database,
  table: string,
  columns: readonly string[],
): RowCheck | null {
  const rules = RULES[table];
  if (rules === undefined) return null;
  const mend = table === 'lists' ? listIdMender(old) : () => undefined;
  return (values) => {
    const row = Object.fromEntries(columns.map((c, i) => [c, values[i]]));
    for (const [column, rule] of Object.entries(rules)) {
      if (rule.safeParse(row[column]).success) continue;
      const mended = column === 'id' ? mend(row) : undefined;
      if (mended !== undefined) {
        row[column] = mended;
        continue;
      }
      return { table, row, problem: `${column} is not valid: ${JSON.stringify(row[column])}` };
    }
    return columns.map((c) => row[c]);
  };
}

function listIdMender(
  old: Database.Database,
): (row: Record<string, unknown>) => string | undefined {
  const read = <T>(sql: string, ...args: unknown[]): T[] => {
    try {
      return old.prepare(sql).all(...args) as T[];
    } catch {
      return []; // That part of the damaged file cannot be read either.
    }
  };
  return (row) => {
    const serverId = row['server_id'];
    if (id.safeParse(serverId).success) {
      const mapped = read<{ list_id: unknown }>(
        'SELECT list_id FROM list_server_ids WHERE server_id = ?',
        serverId,
      ).find((r) => listId.safeParse(r.list_id).success);
      return typeof mapped?.list_id === 'string' ? mapped.list_id : String(serverId);
    }
    for (const { op } of read<{ op: unknown }>(
      'SELECT op FROM outbox WHERE op LIKE \'%"list_create"%\' ORDER BY seq DESC',
    )) {
      try {
        const created = JSON.parse(String(op)) as { listId?: unknown; name?: unknown };
        if (created.name === row['name'] && listId.safeParse(created.listId).success)
          return String(created.listId);
      } catch {
        // A damaged change says nothing about the list.
      }
    }
    return undefined;
  };
}

/** The plain sentence the sync panel shows for a row set aside while recovering. */
export const SET_ASIDE_ON_RECOVERY =
  'Part of your library was damaged and could not be repaired when Marquee recovered it. It is kept in your library file but not shown.';

/** Records the rows set aside while recovering, after every table was copied (ids never clash). */
export function recordSetAside(fresh: Database.Database, rows: SetAsideRow[], now: number): void {
  const insert = fresh.prepare(
    `INSERT OR IGNORE INTO dead_letters (source, source_key, payload, reason, found_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  for (const { table, row, problem } of rows)
    insert.run(
      `recovery:${table}`,
      JSON.stringify(row),
      JSON.stringify({ problem, row }),
      SET_ASIDE_ON_RECOVERY,
      now,
    );
}
