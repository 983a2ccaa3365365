/**
 * Small, pure formatting helpers for TMDB data. TMDB sends empty strings and nulls for unknown
 * values (an unreleased film has `release_date: ""`), so every helper accepts them and answers
 * null or a plain word rather than "NaN" or "Invalid Date".
 */

import { calendarDay } from '../../src-shared/dates';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2016" from "2016-11-10"; null for "", null or a malformed date (the same rule as main's). */
export { yearText as yearOf } from '../../src-shared/dates';

/** The months' names in English, January first (the app's text is English). */
export const MONTHS: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 125 → "2 h 5 min", 45 → "45 min", 0/null → null (TMDB uses 0 for "unknown"). */
export function formatRuntime(minutes: number | null | undefined): string | null {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes <= 0)
    return null;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** 7.456 → "7.5"; a title nobody has voted on has no rating rather than "0.0". */
export function formatVote(
  average: number | null | undefined,
  count?: number | null,
): string | null {
  if (average === null || average === undefined || !Number.isFinite(average)) return null;
  if (count === 0 || (count === undefined && average === 0)) return null;
  return average.toFixed(1);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "10 November 2016" from "2016-11-10" or an ISO date-time; null when unknown. */
export function formatDate(date: string | null | undefined): string | null {
  // A date that names no day (`2023-13-45`) is unknown, never the day it would roll over to.
  const match = ISO_DATE.exec(calendarDay(date) ?? '');
  if (!match) return null;
  const [, y, m, d] = match;
  const value = Date.UTC(Number(y), Number(m) - 1, Number(d));
  return Number.isNaN(value) ? null : dateFormat.format(value);
}

/**
 * Whole years between a birth date and a death date (or today). Counts a birthday not yet reached
 * this year, so someone born on 31 December is not a year older all year.
 */
export function ageInYears(
  birthday: string | null | undefined,
  until: string | Date,
): number | null {
  const born = ISO_DATE.exec(calendarDay(birthday) ?? '');
  if (!born) return null;
  let endYear: number;
  let endMonth: number;
  let endDay: number;
  if (typeof until === 'string') {
    const end = ISO_DATE.exec(calendarDay(until) ?? '');
    if (!end) return null;
    endYear = Number(end[1]);
    endMonth = Number(end[2]);
    endDay = Number(end[3]);
  } else {
    endYear = until.getUTCFullYear();
    endMonth = until.getUTCMonth() + 1;
    endDay = until.getUTCDate();
  }
  const [, y, m, d] = born;
  let age = endYear - Number(y);
  if (endMonth < Number(m) || (endMonth === Number(m) && endDay < Number(d))) age -= 1;
  return age >= 0 ? age : null;
}

const RELEASE_TYPES: Record<number, string> = {
  1: 'Premiere',
  2: 'Theatrical (limited)',
  3: 'Theatrical',
  4: 'Digital',
  5: 'Physical',
  6: 'TV',
};

/** TMDB's release type number in words. */
export function releaseTypeName(type: number): string {
  return RELEASE_TYPES[type] ?? `Release type ${type}`;
}

/** "3 h old", "12 min old", "2 d old": how old an offline copy is, short enough for a badge. */
export function shortAge(fetchedAt: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - fetchedAt) / 60_000));
  if (minutes < 1) return 'just fetched';
  if (minutes < 60) return `${minutes} min old`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h old`;
  return `${Math.floor(hours / 24)} d old`;
}

/** "AB" for "Arrival Blues", "M" for "Moon", "?" for nothing: the poster placeholder's letters. */
export function initials(title: string | null | undefined): string {
  const words = (title ?? '').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words
    .slice(0, 2)
    .map((w) => firstGrapheme(w.replace(/^[^\p{L}\p{N}]+/u, '')))
    .join('');
  return letters === '' ? '?' : letters.toUpperCase();
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The first user-perceived character ("É", not "E" and a combining accent). */
function firstGrapheme(text: string): string {
  for (const { segment } of graphemes.segment(text)) return segment;
  return '';
}

/** Splits TMDB's plain-text biography or overview into paragraphs (it separates them by blank lines or newlines). */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\n\s*\n|\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** "Germany" for "DE"; the code itself when the runtime does not know it. */
export function regionName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "French" for "fr"; the code itself when unknown. */
export function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The calendar year at `now` in `timeZone` (the zone the stats count days in, which Settings may
 * set apart from the computer's); the computer's own year when the zone is unknown.
 */
export function yearIn(timeZone: string | null | undefined, now: Date = new Date()): number {
  if (timeZone) {
    try {
      return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));
    } catch {
      // An unknown zone name: fall through to the computer's year.
    }
  }
  return now.getFullYear();
}
