/** English display names for the keys of the breakdowns (ISO codes, decades). */

let languages: Intl.DisplayNames | undefined;
let regions: Intl.DisplayNames | undefined;

function displayName(kind: 'language' | 'region', code: string): string {
  try {
    const names =
      kind === 'language'
        ? (languages ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }))
        : (regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }));
    return names.of(code) ?? code;
  } catch {
    // A code Intl rejects (TMDB's `xx` "no language", made-up regions) shows as itself.
    return code;
  }
}

/** `fr` → `French`; TMDB's `xx` (no spoken language) → `No language`. */
export function languageLabel(code: string): string {
  if (code === 'xx') return 'No language';
  return displayName('language', code);
}

/** `FR` → `France`. */
export function countryLabel(code: string): string {
  return displayName('region', code.toUpperCase());
}

/** The decade's first year of a `YYYY-MM-DD`, or null when the date is missing or malformed. */
export function decadeOf(date: string | null): number | null {
  if (date === null) return null;
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  return year < 1870 ? null : Math.floor(year / 10) * 10;
}
