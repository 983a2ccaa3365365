const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "5 minutes ago", "yesterday": how old a fetched copy is, in words. */
export function describeAge(fetchedAt: number, now: number): string {
  const age = Math.max(0, now - fetchedAt);
  for (const [unit, size] of units) {
    if (age >= size) return relative.format(-Math.floor(age / size), unit);
  }
  return 'just now';
}
