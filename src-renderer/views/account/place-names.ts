/**
 * Country and language names from their ISO codes, in English, from the browser's own tables
 * (Intl.DisplayNames), so the Account view needs no network for them. The code stays visible
 * next to the name, and alone when the browser does not know it.
 */
function nameOf(type: 'region' | 'language', code: string): string | null {
  if (code.trim() === '') return null;
  try {
    const name = new Intl.DisplayNames(['en'], { type, fallback: 'none' }).of(code);
    return name ?? null;
  } catch {
    // A code Intl rejects outright (TMDB sends `xx` for "no language").
    return null;
  }
}

export function countryName(code: string): string {
  const name = nameOf('region', code.toUpperCase());
  return name ? `${name} (${code.toUpperCase()})` : code.toUpperCase() || 'Not set';
}

export function languageName(code: string): string {
  const name = nameOf('language', code.toLowerCase());
  return name ? `${name} (${code.toLowerCase()})` : code.toLowerCase() || 'Not set';
}
