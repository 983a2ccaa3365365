/**
 * The content languages offered in Settings. TMDB translates titles and overviews into many more;
 * these are the ones with broad coverage. A saved value outside the list is still shown.
 */
export const contentLanguages = [
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'es-MX',
  'it-IT',
  'pt-BR',
  'pt-PT',
  'nl-NL',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'hu-HU',
  'ru-RU',
  'uk-UA',
  'tr-TR',
  'el-GR',
  'he-IL',
  'ar-SA',
  'hi-IN',
  'ja-JP',
  'ko-KR',
  'zh-CN',
  'zh-TW',
  'th-TH',
  'id-ID',
] as const;

/** "German (Germany)" for `de-DE`, in English, falling back to the code itself. */
export function languageLabel(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The list to offer: the known languages, plus the saved one if it is not among them. */
export function languageChoices(current: string | null): string[] {
  const list: string[] = [...contentLanguages];
  if (current !== null && !list.includes(current)) list.unshift(current);
  return list;
}

/** Bytes as people read them: "0 B", "12.3 KB", "4.5 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit] ?? 'TB'}`;
}
