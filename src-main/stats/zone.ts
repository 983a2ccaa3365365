/**
 * Local days without asking Intl once per play. A time zone's offset from UTC changes only at its
 * transitions (DST, law changes), a few a year: they are found once per zone and year (sampled
 * weekly, then narrowed to the minute) and the stats turn an instant into its local day number by
 * adding the offset of the segment it falls in. SQLite does the same with a generated expression,
 * so plays are grouped by local day in SQL.
 */

import { wallClock } from '../tracking/dates';

export const DAY_MS = 86_400_000;
/**
 * The stretch of time the stats lay out day by day. A play dated outside it (a typo in an
 * imported file: year 1 or 9999) still counts in the totals, but never makes the stats walk
 * thousands of years of days.
 */
export const FIRST_MS = Date.UTC(1870, 0, 1);
export const LAST_MS = Date.UTC(2200, 0, 1);
const MINUTE_MS = 60_000;
const WEEK_MS = 7 * DAY_MS;

/** From `start` (ms, inclusive) the zone is `offset` ms ahead of UTC, until the next segment. */
export interface OffsetSegment {
  start: number;
  offset: number;
}

/** How far ahead of UTC the zone's wall clock is at `ms`, to the minute. */
export function offsetAt(ms: number, timeZone: string): number {
  const at = Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  const wall = wallClock(at, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - at;
}

const yearCache = new Map<string, OffsetSegment[]>();

/** The zone's segments that start within one UTC year (the first starts on 1 January). */
function segmentsOfYear(year: number, timeZone: string): OffsetSegment[] {
  const key = `${timeZone}|${String(year)}`;
  const cached = yearCache.get(key);
  if (cached) return cached;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const segments: OffsetSegment[] = [{ start, offset: offsetAt(start, timeZone) }];
  let t = start;
  let offset = segments[0]?.offset ?? 0;
  while (t < end) {
    const next = Math.min(t + WEEK_MS, end);
    const nextOffset = offsetAt(next, timeZone);
    if (nextOffset !== offset) {
      // Narrow the change to the minute: the offset is `offset` at lo and differs at hi.
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetAt(mid, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      const changed = offsetAt(hi, timeZone);
      if (hi < end) segments.push({ start: hi, offset: changed });
      offset = changed;
      // Two changes within one week are rare; resampling from `hi` catches them.
      t = hi;
      continue;
    }
    t = next;
  }
  yearCache.set(key, segments);
  return segments;
}

/** The segments covering [from, to] (ms), merged where neighbouring years agree. */
export function offsetSegments(from: number, to: number, timeZone: string): OffsetSegment[] {
  const first = new Date(Math.min(from, to)).getUTCFullYear();
  const last = new Date(Math.max(from, to)).getUTCFullYear();
  const out: OffsetSegment[] = [];
  for (let year = first; year <= last; year++) {
    for (const segment of segmentsOfYear(year, timeZone)) {
      if (out.at(-1)?.offset === segment.offset) continue;
      out.push(segment);
    }
  }
  return out;
}

/** The local day number (days since 1970-01-01) of `ms`, given segments that cover it. */
export function localDayOf(ms: number, segments: readonly OffsetSegment[]): number {
  return Math.floor((ms + offsetIn(ms, segments)) / DAY_MS);
}

/**
 * An SQL expression giving the local day number of the integer column `column`, as a balanced
 * tree of CASEs over the segments (a few comparisons per row however many years are covered).
 * Only integers generated here go into the text.
 */
export function sqlLocalDay(column: string, segments: readonly OffsetSegment[]): string {
  if (!/^[a-z_][a-z0-9_.]*$/i.test(column)) throw new Error('bad column name');
  const offsetExpr = (lo: number, hi: number): string => {
    if (lo === hi) return String(Math.trunc(segments[lo]?.offset ?? 0));
    const mid = (lo + hi + 1) >> 1;
    const start = Math.trunc(segments[mid]?.start ?? 0);
    return `CASE WHEN ${column} < ${String(start)} THEN ${offsetExpr(lo, mid - 1)} ELSE ${offsetExpr(mid, hi)} END`;
  };
  const expr = segments.length === 0 ? '0' : offsetExpr(0, segments.length - 1);
  // Plays are never before 1970 (the contract's times are ≥ 0), so truncating division is floor.
  return `((${column} + (${expr})) / ${String(DAY_MS)})`;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a day number. */
export function isoOfDay(day: number): string {
  const d = new Date(day * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The day number of a `YYYY-MM-DD`. */
export function dayOfIso(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Math.floor(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS);
}

/** The offset in force at `ms`, from segments that cover it. */
function offsetIn(ms: number, segments: readonly OffsetSegment[]): number {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((segments[mid]?.start ?? 0) <= ms) lo = mid;
    else hi = mid - 1;
  }
  return segments[lo]?.offset ?? 0;
}

/**
 * The first instant of local day `day`, from segments (no Intl call, so thousands of days cost
 * nothing). When the zone skips that midnight (a gap), the day starts when the clock jumps.
 */
export function dayStartIn(day: number, segments: readonly OffsetSegment[]): number {
  const midnight = day * DAY_MS;
  let t = midnight - offsetIn(midnight, segments);
  t = midnight - offsetIn(t, segments);
  if (localDayOf(t, segments) < day) {
    const next = segments.find((s) => s.start > t && localDayOf(s.start, segments) === day);
    if (next) t = next.start;
  }
  return t;
}

/** The instant the local day `day` starts in the zone (its first minute). */
export function startOfLocalDay(day: number, timeZone: string): number {
  const wanted = day * DAY_MS;
  let guess = wanted - offsetAt(wanted, timeZone);
  // The offset may differ at the guess; a second pass settles it (a day starting inside a gap
  // starts at the gap's end, which is what the segments say too).
  guess = wanted - offsetAt(guess, timeZone);
  return guess;
}
