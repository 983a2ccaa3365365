import type { Catalogue, TitleCore } from './catalogue';
import { genreName, movieGenres } from './genres';
import { countries } from './countries';
import { taglines, type Language } from './words';
import { overviewOf } from './summaries';
import { imagePath } from './image-paths';

const LANGUAGE_NAMES: Readonly<Record<string, readonly [string, string]>> = {
  en: ['English', 'English'],
  fr: ['French', 'Français'],
  de: ['German', 'Deutsch'],
  es: ['Spanish', 'Español'],
  ja: ['Japanese', '日本語'],
  ko: ['Korean', '한국어/조선말'],
  it: ['Italian', 'Italiano'],
};

export function spokenLanguage(code: string): Record<string, string> {
  const [english, native] = LANGUAGE_NAMES[code] ?? ['English', 'English'];
  return { english_name: english, iso_639_1: code, name: native };
}

const STUDIO_WORDS = ['Pictures', 'Films', 'Studios', 'Entertainment', 'Productions', 'Media'];

export function companyOf(data: Catalogue, seed: number): Record<string, unknown> {
  const rng = data.rng(8, seed);
  const name = `${rng.pick(['Northlight', 'Bluebird', 'Ironbark', 'Lanterna', 'Seven Hills', 'Meridian', 'Halcyon', 'Papillon', 'Kestrel', 'Sólstafir'])} ${rng.pick(STUDIO_WORDS)}`;
  return {
    id: 1000 + seed,
    logo_path: imagePath(rng, 'logo'),
    name,
    origin_country: rng.pick(['US', 'GB', 'FR', 'DE', 'ES', 'JP']),
  };
}

export function imdbIdOf(kind: 'movie' | 'tv', index: number): string {
  return `tt${String((kind === 'movie' ? 1_000_000 : 5_000_000) + index * 37).padStart(7, '0')}`;
}

export function movieStatus(data: Catalogue, core: TitleCore): string {
  if (core.date <= data.today) return 'Released';
  return core.date.slice(0, 4) === data.today.slice(0, 4) ? 'Post Production' : 'In Production';
}

/** GET /3/movie/{id} without appended objects. */
export function movieDetails(
  data: Catalogue,
  core: TitleCore,
  language: Language,
): Record<string, unknown> {
  const rng = data.rng(1, core.index, 51);
  const collection = core.collection >= 0 ? data.collections[core.collection] : undefined;
  const first = collection ? data.movieByIndex(collection.parts[0] ?? 0) : undefined;
  const country = countries.find((c) => c.iso_3166_1 === core.originCountry);
  const companies = Array.from({ length: rng.int(1, 3) }, () => companyOf(data, rng.int(0, 400)));
  return {
    adult: core.adult,
    backdrop_path: core.backdropPath,
    belongs_to_collection:
      collection && first
        ? {
            id: collection.id,
            name: collection.name,
            poster_path: first.posterPath,
            backdrop_path: first.backdropPath,
          }
        : null,
    budget:
      core.revenue > 0
        ? Math.floor(core.revenue / (1.5 + rng.float() * 3))
        : rng.int(1, 90) * 1_000_000,
    genres: core.genreIds.map((id) => ({ id, name: genreName(movieGenres, id) })),
    homepage: rng.chance(0.6) ? `https://www.example.com/films/${core.id}` : '',
    id: core.id,
    imdb_id: imdbIdOf('movie', core.index),
    origin_country: [core.originCountry],
    original_language: core.originalLanguage,
    original_title: data.originalTitle(core),
    overview: overviewOf(data, core, language),
    popularity: core.popularity,
    poster_path: core.posterPath,
    production_companies: companies,
    production_countries: [
      { iso_3166_1: core.originCountry, name: country?.english_name ?? 'United States of America' },
    ],
    release_date: core.date,
    revenue: core.revenue,
    runtime: rng.int(78, 165),
    spoken_languages: [
      spokenLanguage(core.originalLanguage),
      ...(core.originalLanguage === 'en' ? [] : [spokenLanguage('en')]),
    ],
    status: movieStatus(data, core),
    tagline: rng.pick(taglines),
    title: data.localTitle(core, language),
    video: false,
    vote_average: core.voteAverage,
    vote_count: core.voteCount,
  };
}
