import type { DateResult } from './dates';
import { parseDate } from './dates';
import { wallClock } from '../../tracking/dates';

/**
 * TV Time's export as a table-by-table CSV dump: which file is which is told by its header, and
 * cells are read by column name (the column order differs between exports).
 */

/** Files of the export that hold credentials or personal data: never inflated, never opened. */
const CREDENTIAL_FILE =
  /^(access[-_]?token|auth[-_]|login|password|session|device|ip[-_.]|cookie|secret)|[-_](device|devices|ip|ips|login|token|tokens|session|sessions)\.(csv|json|txt)$/i;

/** By the file's own name (not its folder's), so a Letterboxd list cannot be mistaken for one. */
export const isCredentialFile = (name: string): boolean =>
  CREDENTIAL_FILE.test(name.split('/').pop() ?? name);

/** What one TV Time file holds, told by the columns of its header. */
export type TvTimeTable =
  | 'tracking-v2'
  | 'tracking'
  | 'episodes'
  | 'rewatched'
  | 'followed'
  | 'show-data'
  | 'special-status'
  | 'show-rate'
  | 'lists';

/** A header's columns, lower-cased and trimmed, without a BOM. */
export const columnsOf = (header: readonly string[]): string[] =>
  header.map((h) =>
    h
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );

/** The TV Time table a header belongs to, or null for any other CSV. */
export function tvTimeTable(columns: readonly string[]): TvTimeTable | null {
  const has = (...names: string[]): boolean => names.every((n) => columns.includes(n));
  const any = (...names: string[]): boolean => names.some((n) => columns.includes(n));
  if (has('s_id') && any('key', 'gsi') && any('series_name', 'ep_id', 'episode_id'))
    return 'tracking-v2';
  if (any('entity_type', 'movie_name') && any('type', 'watch_date')) return 'tracking';
  if (has('episode_id') && has('cpt')) return 'rewatched';
  if (has('episode_id') && any('tv_show_name', 'episode_season_number', 'tv_show_id'))
    return 'episodes';
  if (has('tv_show_id')) {
    if (any('is_favorited', 'nb_episodes_seen')) return 'show-data';
    if (has('rating')) return 'show-rate';
    if (has('status')) return 'special-status';
    if (any('active', 'archived')) return 'followed';
  }
  if (has('objects') && any('name', 'type')) return 'lists';
  return null;
}

/** A cell read by column name: trimmed, with TV Time's `<nil>` (and `NULL`) as empty. */
export function cellReader(
  columns: readonly string[],
): (cells: readonly string[], ...names: string[]) => string {
  const index = new Map<string, number>();
  columns.forEach((c, i) => {
    if (!index.has(c)) index.set(c, i);
  });
  return (cells, ...names) => {
    for (const name of names) {
      const i = index.get(name);
      if (i === undefined) continue;
      const raw = (cells[i] ?? '').trim();
      if (raw === '' || raw === '<nil>' || raw.toUpperCase() === 'NULL') continue;
      return raw;
    }
    return '';
  };
}

/** `1`, `true`, `yes` (any case) are true; anything else false. */
export const isTrue = (text: string): boolean => /^(1|true|yes|t)$/i.test(text);

/** A positive whole number (TVDB ids, season and episode numbers), or undefined. */
export function wholeNumber(text: string, min = 1): number | undefined {
  if (!/^\d{1,9}(\.0+)?$/.test(text)) return undefined;
  const n = Math.trunc(Number(text));
  return n >= min ? n : undefined;
}

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;
const EPOCH = /^\d{9,10}(\.\d+)?$|^\d(\.\d+)?e\+0?9$/i;

/** Milliseconds the zone is ahead of UTC at the instant `at` (0 for UTC). */
function zoneOffset(at: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * Reads a TV Time date: `YYYY-MM-DD HH:MM:SS` without a zone is taken in `timeZone` (the user's
 * choice, UTC unless told); epoch seconds (`1600000000`, `1.6e+09`) as they are; anything else as
 * the other importers read dates. Years before 1900 (`0000-…`) are no date at all.
 */
export function tvTimeDate(text: string, timeZone: string): DateResult {
  if (text === '') return { ok: true, at: null };
  if (EPOCH.test(text)) {
    const at = Math.round(Number(text)) * 1000;
    return at > 0 ? { ok: true, at } : { ok: false, message: `"${text}" is not a real date` };
  }
  if (/^0{3,4}\d?-/.test(text)) return { ok: true, at: null };
  const m = NAIVE.exec(text);
  if (!m) return parseDate(text);
  const [y, mo, d, h, mi, s] = m.slice(1).map((v: string | undefined) => Number(v ?? 0));
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  const check = new Date(wall);
  if (check.getUTCDate() !== d || check.getUTCMonth() + 1 !== mo || (h ?? 0) > 23)
    return { ok: false, message: `"${text}" is not a real date` };
  if ((y ?? 0) < 1900) return { ok: true, at: null };
  // The wall time in the zone: its offset at the guess, corrected once across a change of offset.
  const first = wall - zoneOffset(wall, timeZone);
  return { ok: true, at: wall - zoneOffset(first, timeZone) };
}

/** A release year from `release_date` (`2019-05-03`, `0000-00-00`, `<nil>`): undefined if none. */
export function releaseYear(text: string): number | undefined {
  const m = /^(\d{4})/.exec(text);
  const year = m ? Number(m[1]) : 0;
  return year >= 1870 && year <= 2200 ? year : undefined;
}

/**
 * Reads the items of a list's `objects` cell, a Go map dump such as
 * `[map[created_at:1.6e+09 id:111 type:series] map[id:222 type:movie]]`; null if it is not one.
 */
export function goMapItems(text: string): { id: string; type: string }[] | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '[]') return [];
  if (!/^\[\s*(map\[[^\]]*\]\s*)*\]$/.test(trimmed)) return null;
  const items: { id: string; type: string }[] = [];
  for (const m of trimmed.matchAll(/map\[([^\]]*)\]/g)) {
    const fields = new Map<string, string>();
    for (const pair of (m[1] ?? '').split(/\s+/)) {
      const at = pair.indexOf(':');
      if (at > 0) fields.set(pair.slice(0, at), pair.slice(at + 1));
    }
    items.push({ id: fields.get('id') ?? '', type: fields.get('type') ?? '' });
  }
  return items;
}

/** How TV Time's follows land in Marquee; the preview shows it with the other notices. */
export const TVTIME_FOLLOWS =
  'TV Time follows: followed → followed in Marquee; archived (stopped watching) → not followed and hidden from Up Next (Marquee has no archive)';

/**
 * Whether a row says its series is followed or archived, or neither (null). `followed_tv_show.csv`
 * lists followed series: a row counts unless `active` says the follow ended. Archived wins: TV
 * Time archives series that stay followed.
 */
export function followOf(
  table: TvTimeTable,
  get: (cells: readonly string[], ...names: string[]) => string,
  cells: readonly string[],
): 'followed' | 'archived' | null {
  if (isTrue(get(cells, 'is_archived', 'archived'))) return 'archived';
  if (table === 'followed') {
    const active = get(cells, 'active');
    return active === '' || isTrue(active) ? 'followed' : null;
  }
  if (isTrue(get(cells, 'is_followed')) || get(cells, 'type').toLowerCase() === 'follow')
    return 'followed';
  return null;
}
