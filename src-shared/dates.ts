/**
 * Calendar dates as TMDB writes them (`2016-11-10`). TMDB sends an empty string for a date it does
 * not know (an unreleased film has `release_date: ""`), and now and then a date that names no day
 * (`2023-13-45`), so these answer null rather than NaN or another day. `calendarDay` is the one
 * reading of such a date, for the renderer and main alike.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The `YYYY-MM-DD` day a TMDB date (or a date-time that starts with one) names; null for "", null,
 * anything else, and a date that names no day: `2023-13-45` is "date unknown", never the day it
 * would roll over to.
 */
export function calendarDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return value.slice(0, 10);
}

/** "2016" from "2016-11-10" (or a date-time that starts with one); null for "", null or a malformed date. */
export function yearText(date: string | null | undefined): string | null {
  return calendarDay(date)?.slice(0, 4) ?? null;
}

/** 2016 from "2016-11-10"; null for "", null or a malformed date. */
export function yearOf(date: string | null | undefined): number | null {
  const year = yearText(date);
  return year === null ? null : Number(year);
}
