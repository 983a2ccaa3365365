import type { Country } from '../../src-shared/tmdb/schemas/reference';

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Countries sorted by English name, as TMDB returns them in no useful order. */
export function sortCountries(countries: readonly Country[]): Country[] {
  return [...countries].sort(
    (a, b) =>
      collator.compare(a.english_name, b.english_name) || a.iso_3166_1.localeCompare(b.iso_3166_1),
  );
}

/** Folds case and accents so "cote" finds "Côte d'Ivoire". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

/** Countries whose English name, native name or ISO code contains the query. */
export function filterCountries(countries: readonly Country[], query: string): readonly Country[] {
  const needle = fold(query.trim());
  if (needle === '') return countries;
  return countries.filter(
    (c) =>
      fold(c.english_name).includes(needle) ||
      fold(c.native_name ?? '').includes(needle) ||
      fold(c.iso_3166_1) === needle,
  );
}
