import type { Catalogue, TitleCore } from './catalogue';
import { genreName, tvGenres } from './genres';
import { companyOf, spokenLanguage } from './movie-details';
import { overviewOf } from './summaries';
import { castOf, castJson, crewJson, crewOf, personFields } from './credits';
import { imagePath } from './image-paths';
import { adjectives, nouns, type Language } from './words';
import { TRANSLATION_LANGUAGES } from './extras';
import { countries } from './countries';
import type { Rng } from './prng';
import { airingState, scheduleOf, type EpisodeSlot, type SeasonShape } from './schedule';

export type { EpisodeSlot, SeasonShape } from './schedule';

const NETWORKS = [
  { id: 49, name: 'HBO', origin_country: 'US' },
  { id: 213, name: 'Netflix', origin_country: '' },
  { id: 4, name: 'BBC One', origin_country: 'GB' },
  { id: 2552, name: 'Apple TV+', origin_country: '' },
  { id: 1024, name: 'Prime Video', origin_country: '' },
  { id: 174, name: 'AMC', origin_country: 'US' },
  { id: 318, name: 'Arte', origin_country: 'FR' },
];

/** Every season of a series, season 0 (Specials) first when it has one (see schedule.ts). */
export function seasonsOf(data: Catalogue, core: TitleCore): readonly SeasonShape[] {
  return scheduleOf(data, core).seasons;
}

/** Seasons 1, 2, ...: what TMDB counts in number_of_seasons and number_of_episodes. */
export function regularSeasons(data: Catalogue, core: TitleCore): readonly SeasonShape[] {
  return seasonsOf(data, core).filter((s) => s.seasonNumber > 0);
}

/** A season by number, and an episode of it by number (numbers may have gaps). */
export function findSeason(
  data: Catalogue,
  core: TitleCore,
  seasonNumber: number,
): SeasonShape | undefined {
  return seasonsOf(data, core).find((s) => s.seasonNumber === seasonNumber);
}

export function findEpisode(shape: SeasonShape, episodeNumber: number): EpisodeSlot | undefined {
  return shape.episodes.find((e) => e.number === episodeNumber);
}

const seasonName = (shape: SeasonShape, word: string): string =>
  shape.seasonNumber === 0 ? 'Specials' : `${word} ${shape.seasonNumber}`;

export function networkOf(data: Catalogue, core: TitleCore): Record<string, unknown> {
  const rng = data.rng(2, core.index, 72);
  const network = rng.pick(NETWORKS);
  return { ...network, logo_path: imagePath(rng, 'logo') };
}

export const episodeId = (seriesIndex: number, season: number, episode: number): number =>
  2_000_000 + seriesIndex * 400 + season * 25 + episode;
/** The TheTVDB id of an episode, as `find?external_source=tvdb_id` takes it (series ids stay below). */
export const tvdbEpisodeId = (seriesIndex: number, season: number, episode: number): number =>
  9_000_000 + seriesIndex * 400 + season * 32 + episode;
/** The series index, season and episode a TheTVDB episode id names, or null for another id. */
export function fromTvdbEpisodeId(
  id: number,
): { seriesIndex: number; season: number; episode: number } | null {
  const n = id - 9_000_000;
  if (!Number.isInteger(n) || n <= 0) return null;
  // Seasons stay at most 7 and episode numbers at most 25 (schedule.ts): 32 a season leaves room.
  const rest = n % 400;
  return { seriesIndex: Math.floor(n / 400), season: Math.floor(rest / 32), episode: rest % 32 };
}
export const seasonId = (seriesIndex: number, season: number): number =>
  60_000_000 + seriesIndex * 10 + season;

function episodeName(rng: Rng, language: Language): string {
  const col = Math.max(0, ['en', 'de', 'fr', 'es'].indexOf(language));
  return `${rng.pick(adjectives)[col] ?? ''} ${rng.pick(nouns)[col] ?? ''}`.trim();
}

/** One episode's summary fields (season details, episode groups, last and next episode). */
export function episodeOf(
  data: Catalogue,
  core: TitleCore,
  shape: SeasonShape,
  slot: EpisodeSlot,
  language: Language,
): Record<string, unknown> {
  const episode = slot.number;
  const rng = data.rng(2, core.index, 80 + shape.seasonNumber, episode);
  const name = episodeName(rng, language);
  // Votes come once an episode has aired, by the clock's current day.
  const aired = slot.airDate !== null && slot.airDate <= data.today;
  const final = shape.episodes[shape.episodes.length - 1]?.number === episode;
  return {
    air_date: slot.airDate,
    episode_number: episode,
    episode_type: final && shape.seasonNumber > 0 ? 'finale' : 'standard',
    id: episodeId(core.index, shape.seasonNumber, episode),
    name,
    overview: `${name}: ${overviewOf(data, core, language)}`,
    production_code: rng.chance(0.3)
      ? `${shape.seasonNumber}${String(episode).padStart(2, '0')}`
      : '',
    runtime: rng.int(22, 62),
    season_number: shape.seasonNumber,
    show_id: core.id,
    still_path: imagePath(rng, 'still'),
    vote_average: aired ? Math.round((6 + rng.float() * 3.5) * 1000) / 1000 : 0,
    vote_count: aired ? rng.int(1, 400) : 0,
  };
}

/** Guest stars and crew of one episode. */
export function episodeCredits(
  data: Catalogue,
  core: TitleCore,
  season: number,
  episode: number,
): { cast: unknown[]; crew: unknown[]; guest_stars: unknown[] } {
  const rng = data.rng(2, core.index, 90 + season, episode);
  const guests = Array.from({ length: rng.int(1, 4) }, (_, i) => {
    const person = data.actorFor(rng);
    return {
      ...personFields(person),
      character: `Guest ${rng.int(1, 99)}`,
      credit_id: rng.hex(24),
      order: 500 + i,
    };
  });
  const director = data.crewFor(rng);
  const writer = data.crewFor(rng);
  const crew = [
    { ...personFields(director), credit_id: rng.hex(24), department: 'Directing', job: 'Director' },
    { ...personFields(writer), credit_id: rng.hex(24), department: 'Writing', job: 'Writer' },
  ];
  return { cast: castOf(data, core).map((c) => castJson(c)), crew, guest_stars: guests };
}

export function tvDetails(
  data: Catalogue,
  core: TitleCore,
  language: Language,
): Record<string, unknown> {
  const rng = data.rng(2, core.index, 73);
  const schedule = scheduleOf(data, core);
  const seasons = schedule.seasons;
  const regular = seasons.filter((s) => s.seasonNumber > 0);
  // Last and next episode, status and in_production follow the clock's current day.
  const airing = airingState(schedule, data.today);
  const creator = data.crewFor(rng);
  return {
    adult: core.adult,
    backdrop_path: core.backdropPath,
    created_by: [
      {
        id: creator.id,
        credit_id: rng.hex(24),
        name: creator.name,
        original_name: creator.name,
        gender: creator.gender,
        profile_path: creator.profilePath,
      },
    ],
    episode_run_time: [rng.int(22, 60)],
    first_air_date: core.date,
    genres: core.genreIds.map((id) => ({ id, name: genreName(tvGenres, id) })),
    homepage: rng.chance(0.5) ? `https://www.example.com/series/${core.id}` : '',
    id: core.id,
    in_production: airing.inProduction,
    languages: [core.originalLanguage],
    last_air_date: airing.last?.slot.airDate ?? null,
    last_episode_to_air: airing.last
      ? episodeOf(data, core, airing.last.season, airing.last.slot, language)
      : null,
    name: data.localTitle(core, language),
    next_episode_to_air: airing.next
      ? episodeOf(data, core, airing.next.season, airing.next.slot, language)
      : null,
    networks: [networkOf(data, core)],
    number_of_episodes: regular.reduce((sum, s) => sum + s.episodeCount, 0),
    number_of_seasons: regular.length,
    origin_country: [core.originCountry],
    original_language: core.originalLanguage,
    original_name: data.originalTitle(core),
    overview: overviewOf(data, core, language),
    popularity: core.popularity,
    poster_path: core.posterPath,
    production_companies: [companyOf(data, rng.int(0, 400))],
    production_countries: [
      {
        iso_3166_1: core.originCountry,
        name:
          countries.find((c) => c.iso_3166_1 === core.originCountry)?.english_name ??
          core.originCountry,
      },
    ],
    seasons: seasons.map((s) => ({
      air_date: s.airDate,
      episode_count: s.episodeCount,
      id: seasonId(core.index, s.seasonNumber),
      name: seasonName(s, 'Season'),
      overview: '',
      poster_path: imagePath(data.rng(2, core.index, 74, s.seasonNumber), 'poster'),
      season_number: s.seasonNumber,
      vote_average: Math.round((6 + rng.float() * 3) * 10) / 10,
    })),
    spoken_languages: [spokenLanguage(core.originalLanguage)],
    status: airing.status,
    tagline: '',
    type: 'Scripted',
    vote_average: core.voteAverage,
    vote_count: core.voteCount,
  };
}

export function seasonDetails(
  data: Catalogue,
  core: TitleCore,
  shape: SeasonShape,
  language: Language,
): Record<string, unknown> {
  const word =
    language === 'de'
      ? 'Staffel'
      : language === 'fr'
        ? 'Saison'
        : language === 'es'
          ? 'Temporada'
          : 'Season';
  return {
    _id: data.rng(2, core.index, 75, shape.seasonNumber).hex(24),
    air_date: shape.airDate,
    episodes: shape.episodes.map((slot) => {
      const credits = episodeCredits(data, core, shape.seasonNumber, slot.number);
      return {
        ...episodeOf(data, core, shape, slot, language),
        crew: credits.crew,
        guest_stars: credits.guest_stars,
      };
    }),
    id: seasonId(core.index, shape.seasonNumber),
    name: seasonName(shape, word),
    overview: overviewOf(data, core, language),
    poster_path: imagePath(data.rng(2, core.index, 74, shape.seasonNumber), 'poster'),
    season_number: shape.seasonNumber,
    vote_average:
      Math.round((6 + data.rng(2, core.index, 76, shape.seasonNumber).float() * 3) * 10) / 10,
  };
}

export function seasonTranslations(
  data: Catalogue,
  core: TitleCore,
  shape: SeasonShape,
): Record<string, unknown>[] {
  const words: Readonly<Record<string, string>> = {
    en: 'Season',
    de: 'Staffel',
    fr: 'Saison',
    es: 'Temporada',
  };
  return TRANSLATION_LANGUAGES.map((lang) => ({
    iso_3166_1: lang.iso_3166_1,
    iso_639_1: lang.iso_639_1,
    name: lang.name,
    english_name: lang.english_name,
    data: {
      name: seasonName(shape, words[lang.iso_639_1] ?? 'Season'),
      overview: overviewOf(data, core, lang.iso_639_1),
    },
  }));
}

/** Cast of a series (credits append). */
export function seriesCredits(
  data: Catalogue,
  core: TitleCore,
): { cast: unknown[]; crew: unknown[] } {
  return {
    cast: castOf(data, core).map((c) => castJson(c)),
    crew: crewOf(data, core).map(crewJson),
  };
}
