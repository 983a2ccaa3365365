/**
 * Calendar days as whole numbers (days since 1970-01-01, UTC), so schedules are built with integer
 * arithmetic and printed as TMDB's `YYYY-MM-DD` only at the edge. TMDB's dates carry no time zone;
 * the catalogue reads them as UTC days.
 */
export const DAY_MS = 86_400_000;

/** The UTC day a timestamp falls on. */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export function dayFromParts(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** `YYYY-MM-DD` to a day number; the string must be a valid date. */
export function dayFromIso(date: string): number {
  return dayOf(Date.parse(`${date}T00:00:00.000Z`));
}

export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
