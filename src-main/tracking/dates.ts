/**
 * Calendar dates in the user's time zone. TMDB gives air and release dates as plain dates
 * (`YYYY-MM-DD`), so "today" is a date in the user's zone and dates compare as strings (4-digit
 * years sort correctly as text). Times are ms since the epoch.
 */

import { calendarDay } from '../../src-shared/dates';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws a RangeError for an unknown zone: callers validate the zone where it enters.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone's wall clock at `ms`, to the second. */
export function wallClock(ms: number, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** True when the zone is one this runtime knows (an IANA name such as `Pacific/Auckland`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone this machine is set to. */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A well-formed `YYYY-MM-DD` that names a real day (the renderer's reading too: calendarDay). */
export function isDate(value: unknown): boolean {
  const day = calendarDay(value);
  return day !== null && day === value;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The calendar date at `ms` in `timeZone`. */
export function localDate(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** `date` moved by `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  const t = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + days * DAY_MS);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` at `hour`:00. Used for a play
 * "on" a day: noon, so that the day survives being shown in a neighbouring zone and is never
 * inside a DST gap (which are at night). Walks the zone's offset twice, as it can change between
 * the guess and the answer.
 */
export function zonedTime(date: string, timeZone: string, hour = 12): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  const wanted = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hour);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(guess, timeZone);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += wanted - shown;
  }
  return guess;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const parse = (d: string): number => {
    const m = DATE.exec(d);
    if (!m) throw new RangeError(`not a date: ${d}`);
    return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  };
  return Math.round((parse(to) - parse(from)) / DAY_MS);
}
