/**
 * TMDB writes expiry times as `2016-08-26 17:04:39 UTC`, which `Date.parse` does not read on every
 * engine. Returns epoch milliseconds, or `fallback` when TMDB sent something else.
 */
export function parseTmdbTime(text: string, fallback: number): number {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/.exec(text.trim());
  const parsed = match ? Date.parse(`${match[1] ?? ''}T${match[2] ?? ''}Z`) : Date.parse(text);
  return Number.isFinite(parsed) ? parsed : fallback;
}
