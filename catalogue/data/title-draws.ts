import { mix, type Rng } from './prng';
import { dayFromIso, dayFromParts } from './days';
import { drawnRole } from './schedule';

/** Original languages, weighted as a live catalogue's are. */
export const ORIGINAL_LANGUAGES = [
  'en',
  'en',
  'en',
  'en',
  'en',
  'en',
  'en',
  'en',
  'en',
  'en',
  'en',
  'en',
  'fr',
  'fr',
  'de',
  'de',
  'es',
  'es',
  'ja',
  'ko',
  'it',
] as const;
export const ORIGIN_COUNTRY: Readonly<Record<string, string>> = {
  en: 'US',
  fr: 'FR',
  de: 'DE',
  es: 'ES',
  ja: 'JP',
  ko: 'KR',
  it: 'IT',
};
/**
 * The day the date distributions are drawn against. Every date is then moved by (start day −
 * this day), so titles keep their place relative to the catalogue's clock: a film drawn a month
 * after it is released a month after the catalogue starts, whatever the date.
 */
const REFERENCE_DAY = dayFromIso('2026-06-01');

/** A release or premiere day, relative to the reference day, and the year drawn. */
export function drawDate(rng: Rng, kind: 'movie' | 'tv'): { offset: number; year: number } {
  // Skewed towards recent years, with a few upcoming titles, as a live catalogue has.
  const year =
    kind === 'movie'
      ? Math.min(2027, 1950 + Math.floor(Math.pow(rng.float(), 0.45) * 77))
      : Math.min(2026, 1985 + Math.floor(Math.pow(rng.float(), 0.5) * 42));
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  return { offset: dayFromParts(year, month, day) - REFERENCE_DAY, year };
}

/**
 * A designated airing series must have premiered: one drawn in the future premieres instead
 * 2 weeks to 4 years before the start (from its own hash, so the main stream is untouched).
 */
export function premiereOffset(seed: number, index: number, drawn: number): number {
  if (drawn <= 0 || drawnRole(seed, index) !== 'airing') return drawn;
  return -(14 + (mix(seed, 2, index, 79) % 1450));
}

export function drawGenres(rng: Rng, rows: readonly (readonly [number, ...unknown[]])[]): number[] {
  const count = rng.int(1, 3);
  const out: number[] = [];
  while (out.length < count) {
    const id = rng.pick(rows)[0];
    if (!out.includes(id)) out.push(id);
  }
  return out;
}
