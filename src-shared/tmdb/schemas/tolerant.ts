import { z } from 'zod';

/**
 * Per-item reading of TMDB's lists (issue 13, defect 5). Real TMDB pages carry the odd broken item
 * (a null `title` or `overview`, a half-written record); failing the whole page for one of them
 * blanks a shelf. So each item is checked alone: an item whose only fault is a null display string
 * is kept with that string empty (the UI shows a placeholder), and an item that still cannot be
 * read is left out and counted.
 */

/** Display strings TMDB is known to send as null; none of them identifies anything. */
const DISPLAY_STRINGS = [
  'title',
  'name',
  'original_title',
  'original_name',
  'overview',
  'character',
  'job',
  'department',
  'biography',
] as const;

function withEmptyDisplayStrings(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const record: Record<string, unknown> = { ...item };
  let changed = false;
  for (const key of DISPLAY_STRINGS) {
    if (key in record && record[key] === null) {
      record[key] = '';
      changed = true;
    }
  }
  return changed ? record : item;
}

/**
 * Each item schema compiled once to zod's generated fast path (as the client compiles whole
 * responses, src-main/tmdb/compiled.ts): a page is read item by item now, so the envelope's
 * compilation no longer covers its items. A schema zod cannot compile is used as it is.
 */
const fastPaths = new WeakMap<z.ZodType, z.ZodType>();

function fastPath(item: z.ZodType): z.ZodType {
  let fast = fastPaths.get(item);
  if (fast === undefined) {
    try {
      fast = z.compile(item);
    } catch {
      fast = item;
    }
    fastPaths.set(item, fast);
  }
  return fast;
}

export interface ReadItems<T> {
  items: T[];
  skipped: number;
}

/** Reads each of `raw` with `item`; see the top of this file for what is kept. */
export function readItems<T extends z.ZodType>(
  item: T,
  raw: readonly unknown[],
): ReadItems<z.output<T>> {
  const items: z.output<T>[] = [];
  let skipped = 0;
  const fast = fastPath(item);
  for (const value of raw) {
    const quick = fast.safeParse(value);
    if (quick.success) {
      // The compiled schema is the item's own, so its output is the item's output type.
      items.push(quick.data as z.output<T>);
      continue;
    }
    const first = item.safeParse(value);
    if (first.success) {
      items.push(first.data);
      continue;
    }
    const repaired = withEmptyDisplayStrings(value);
    const second = repaired === value ? first : item.safeParse(repaired);
    if (second.success) items.push(second.data);
    else skipped += 1;
  }
  return { items, skipped };
}

/**
 * An array of `item` read item by item, for lists inside a resource (cast, crew, episodes) that
 * have no envelope to carry a count: an unreadable entry is left out.
 */
export function tolerantArray<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((raw) => readItems(item, raw).items);
}
