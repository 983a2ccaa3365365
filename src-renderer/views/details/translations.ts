import type { SeasonTranslations } from '../../../src-shared/tmdb/schemas/translations';

type Translation = SeasonTranslations['translations'][number];

export interface LanguageOption {
  /** `fr-FR`: TMDB's language and country, since a language may have several translations. */
  code: string;
  label: string;
}

export const translationCode = (t: Translation): string => `${t.iso_639_1}-${t.iso_3166_1}`;

/** The languages a season is translated into, by English name, each labelled with its own name too. */
export function languageOptions(translations: readonly Translation[]): LanguageOption[] {
  return [...translations]
    .sort(
      (a, b) =>
        a.english_name.localeCompare(b.english_name) || a.iso_3166_1.localeCompare(b.iso_3166_1),
    )
    .map((t) => ({
      code: translationCode(t),
      label: `${t.english_name}${t.name && t.name !== t.english_name ? ` (${t.name})` : ''} · ${t.iso_3166_1}`,
    }));
}

export interface TranslatedText {
  name: string;
  overview: string;
  /** Which texts fell back to the season's own because the translation left them empty. */
  nameFallback: boolean;
  overviewFallback: boolean;
}

/** The season's name and overview in the chosen language, each falling back to the original when empty. */
export function translatedSeason(
  translations: readonly Translation[],
  code: string | null,
  original: { name: string; overview: string },
): TranslatedText {
  const chosen = code === null ? undefined : translations.find((t) => translationCode(t) === code);
  const name = chosen?.data.name.trim() ?? '';
  const overview = chosen?.data.overview.trim() ?? '';
  return {
    name: name || original.name,
    overview: overview || original.overview,
    nameFallback: chosen !== undefined && name === '',
    overviewFallback: chosen !== undefined && overview === '',
  };
}
