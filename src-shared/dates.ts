/**
 * Calendar dates as TMDB writes them (`2016-11-10`). TMDB sends an empty string for a date it does
 * not know (an unreleased film has `release_date: ""`), so these answer null rather than NaN.
 */

const ISO_DATE = /^(\d{4})-\d{2}-\d{2}/;

/** "2016" from "2016-11-10" (or a date-time that starts with one); null for "", null or a malformed date. */
export function yearText(date: string | null | undefined): string | null {
  return ISO_DATE.exec(date ?? '')?.[1] ?? null;
}

/** 2016 from "2016-11-10"; null for "", null or a malformed date. */
export function yearOf(date: string | null | undefined): number | null {
  const year = yearText(date);
  return year === null ? null : Number(year);
}
