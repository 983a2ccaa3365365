/**
 * The region to suggest before the first choice: the country of the operating system's locale
 * (`en-GB` → GB, `pt_BR.UTF-8` → BR), or US when the locale names none.
 */
export function regionFromLocale(...locales: ReadonlyArray<string | undefined>): string {
  for (const locale of locales) {
    if (!locale) continue;
    const tag = locale.split('.')[0]?.replace(/_/g, '-') ?? '';
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a locale tag (`C`, `POSIX`): try the next.
    }
  }
  return 'US';
}
