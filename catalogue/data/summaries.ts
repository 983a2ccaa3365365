import type { Catalogue, CollectionCore, PersonCore, TitleCore } from './catalogue';
import { renderOverview, renderTitle } from './titles';
import type { Language } from './words';
import { creditsOfPerson, personFields } from './credits';
import { longText, longWord } from './messy';

const OVERVIEW_STREAM = 21;

export function overviewOf(data: Catalogue, core: TitleCore, language: Language): string {
  const rng = data.rng(core.kind === 'movie' ? 1 : 2, core.index, OVERVIEW_STREAM);
  const variant = rng.int(0, 99);
  const messy = data.messy.kindOf(core.kind, core.index);
  if (messy === 'longOverview') return longText(renderOverview(core.words, language, variant));
  if (messy === 'longWord') return longWord(renderTitle(core.words, language));
  // A few series have no overview yet, as the seed notes TMDB sends an empty string then.
  if (core.kind === 'tv' && variant >= 96) return '';
  return renderOverview(core.words, language, variant);
}

/** A list result's overview: null for messy items, as TMDB sometimes sends where a string is documented. */
function listOverview(data: Catalogue, core: TitleCore, language: Language): string | null {
  return data.messy.is(core.kind, core.index, 'nullOverview')
    ? null
    : overviewOf(data, core, language);
}

/** A list result's title or name: null for messy items. */
function listTitle(data: Catalogue, core: TitleCore, language: Language): string | null {
  return data.messy.is(core.kind, core.index, 'nullName') ? null : data.localTitle(core, language);
}

export function movieSummary(
  data: Catalogue,
  core: TitleCore,
  language: Language,
  mediaType: boolean,
): Record<string, unknown> {
  return {
    adult: core.adult,
    backdrop_path: core.backdropPath,
    genre_ids: [...core.genreIds],
    id: core.id,
    ...(mediaType ? { media_type: 'movie' } : {}),
    original_language: core.originalLanguage,
    original_title: data.originalTitle(core),
    overview: listOverview(data, core, language),
    popularity: core.popularity,
    poster_path: core.posterPath,
    release_date: core.date,
    title: listTitle(data, core, language),
    video: false,
    vote_average: core.voteAverage,
    vote_count: core.voteCount,
  };
}

export function tvSummary(
  data: Catalogue,
  core: TitleCore,
  language: Language,
  mediaType: boolean,
): Record<string, unknown> {
  return {
    adult: core.adult,
    backdrop_path: core.backdropPath,
    first_air_date: core.date,
    genre_ids: [...core.genreIds],
    id: core.id,
    ...(mediaType ? { media_type: 'tv' } : {}),
    name: listTitle(data, core, language),
    origin_country: [core.originCountry],
    original_language: core.originalLanguage,
    original_name: data.originalTitle(core),
    overview: listOverview(data, core, language),
    popularity: core.popularity,
    poster_path: core.posterPath,
    vote_average: core.voteAverage,
    vote_count: core.voteCount,
  };
}

export function titleSummary(
  data: Catalogue,
  core: TitleCore,
  language: Language,
  mediaType: boolean,
): Record<string, unknown> {
  return core.kind === 'movie'
    ? movieSummary(data, core, language, mediaType)
    : tvSummary(data, core, language, mediaType);
}

/** The three most popular titles a person worked on. */
export function knownFor(
  data: Catalogue,
  person: PersonCore,
  language: Language,
): Record<string, unknown>[] {
  const seen = new Set<TitleCore>();
  const titles = creditsOfPerson(data, person)
    .map((credit) => credit.core)
    .filter((core) => (seen.has(core) ? false : (seen.add(core), true)))
    .sort((a, b) => b.popularity - a.popularity)
    .slice(0, 3);
  return titles.map((core) => titleSummary(data, core, language, true));
}

export function personSummary(
  data: Catalogue,
  person: PersonCore,
  language: Language,
  mediaType: boolean,
): Record<string, unknown> {
  return {
    ...personFields(person),
    ...(mediaType ? { media_type: 'person' } : {}),
    known_for: knownFor(data, person, language),
  };
}

export function collectionSummary(
  data: Catalogue,
  collection: CollectionCore,
  language: Language,
): Record<string, unknown> {
  const first = data.movieByIndex(collection.parts[0] ?? 0);
  const localName = first
    ? `${renderTitle(first.words, language)}${COLLECTION_WORD[language]}`
    : collection.name;
  return {
    adult: false,
    backdrop_path: first?.backdropPath ?? null,
    id: collection.id,
    name: localName,
    original_language: 'en',
    original_name: collection.name,
    overview: first
      ? `Every film of the “${renderTitle(first.words, 'en')}” series, in order.`
      : '',
    poster_path: first?.posterPath ?? null,
  };
}

const COLLECTION_WORD: Readonly<Record<Language, string>> = {
  en: ' Collection',
  de: ' Filmreihe',
  fr: ' - Saga',
  es: ' - Colección',
};
