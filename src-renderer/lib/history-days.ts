import type { PlayView } from '../../src-shared/ipc/contract';
import { MONTHS } from './format';

/** One day of the history, newest first; the plays without a date come last, in their own group. */
export interface HistoryDay<P extends Pick<PlayView, 'watchedAt'> = PlayView> {
  /** `YYYY-MM-DD` in the zone, or `unknown`. */
  key: string;
  /** "Today", "Yesterday", "Tuesday 24 November", "Monday 3 March 2025", "Date unknown". */
  label: string;
  plays: P[];
}

/** The clock and the zone the days are counted in, given by the caller (tests fix both). */
export interface DayContext {
  now: number;
  timeZone: string;
}

interface Parts {
  year: number;
  month: number;
  day: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `at` in `timeZone`. */
function dayParts(at: number, timeZone: string): Parts {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day') };
}

const keyOf = (p: Parts): string =>
  `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;

/** Days between two calendar days (b − a), counted on the calendar, not in hours. */
const daysBetween = (a: Parts, b: Parts): number =>
  Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The heading of a calendar day, seen from `today`. */
export function dayLabel(day: Parts, today: Parts): string {
  const ago = daysBetween(day, today);
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  const weekday = WEEKDAYS[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()] ?? '';
  const text = `${weekday} ${day.day} ${MONTHS[day.month - 1] ?? ''}`;
  return day.year === today.year ? text : `${text} ${day.year}`;
}

export const UNKNOWN_DAY = 'unknown';

/**
 * Groups plays, in the history's order (newest first, unknown dates last), by the day they were
 * watched in `context.timeZone`. Plays of one day stay together even when pages split them.
 */
export function groupByDay<P extends Pick<PlayView, 'watchedAt'>>(
  plays: readonly P[],
  context: DayContext,
): HistoryDay<P>[] {
  const today = dayParts(context.now, context.timeZone);
  const days = new Map<string, HistoryDay<P>>();
  let unknown: HistoryDay<P> | null = null;
  for (const play of plays) {
    if (play.watchedAt === null) {
      unknown ??= { key: UNKNOWN_DAY, label: 'Date unknown', plays: [] };
      unknown.plays.push(play);
      continue;
    }
    const parts = dayParts(play.watchedAt, context.timeZone);
    const key = keyOf(parts);
    let day = days.get(key);
    if (!day) {
      day = { key, label: dayLabel(parts, today), plays: [] };
      days.set(key, day);
    }
    day.plays.push(play);
  }
  const out = [...days.values()];
  if (unknown) out.push(unknown);
  return out;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The time of day a play was watched, "21:05", in `timeZone`. */
export function playTime(at: number, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });
    timeFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The zone this computer counts days in. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
