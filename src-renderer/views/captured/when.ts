const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment in the reader's own words and as a machine-readable date, or null when unknown. */
export function when(ms: number | null): { text: string; iso: string } | null {
  if (ms === null || !Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return { text: FORMAT.format(date), iso: date.toISOString() };
}
