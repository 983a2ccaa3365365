import type { StreamFilter } from './extract-discover';
import {
  LEVEL,
  type DetailLevel,
  type EpisodeRecord,
  type Extracted,
  type PersonRecord,
  type SeasonRecord,
  type TitleRecord,
} from './records';

/** What the caller knows about a response: the kind of a details body, and the series of a season. */
export interface IngestContext {
  mediaType?: 'movie' | 'tv' | 'person';
  seriesId?: number;
  /** The body is a standalone `/movie|tv/{id}/watch/providers` answer, of this title. */
  watchProviders?: boolean;
  titleId?: number;
  /** The body is a discover page asked with this stream filter (see `streamFilterOf`). */
  streams?: StreamFilter;
}

type Obj = Record<string, unknown>;
type Kind = 'movie' | 'tv' | 'person';

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (v: unknown): number | null => (Number.isSafeInteger(v) ? (v as number) : null);
const bool = (v: unknown): number | null => (typeof v === 'boolean' ? Number(v) : null);
const objs = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

/**
 * Finds every title, person, season and episode a TMDB response carries: paged lists, multi
 * search (by media_type), details with appended credits/similar/recommendations, cast and crew,
 * known_for, seasons of a series, episodes of a season and of an episode group. Works on the
 * shape, not on the endpoint, so new endpoints that carry the same resources need no change here.
 */
export function extractRecords(body: unknown, context: IngestContext = {}): Extracted {
  const out: Extracted = { titles: [], people: [], seasons: [], episodes: [] };
  if (!isObj(body)) {
    if (Array.isArray(body))
      objs(body).forEach((item) => {
        addItem(out, item, context.mediaType, LEVEL.summary);
      });
    return out;
  }
  if (context.mediaType !== undefined && int(body.id) !== null && !Array.isArray(body.results)) {
    addItem(out, body, context.mediaType, LEVEL.details);
  }
  if (Array.isArray(body.episodes) && int(body.season_number) !== null)
    addSeasonDetails(out, body, context);
  for (const group of objs(body.groups))
    addEpisodes(out, objs(group.episodes), undefined, LEVEL.summary);
  addListings(out, body, listHint(context.mediaType));
  return out;
}

/** Summaries nested in a details body are of the other kind for people (their credits are titles). */
function listHint(mediaType: Kind | undefined): Kind | undefined {
  return mediaType === 'person' ? undefined : mediaType;
}

function addListings(out: Extracted, body: Obj, hint: Kind | undefined): void {
  for (const key of ['results', 'items', 'parts']) {
    objs(body[key]).forEach((item) => {
      addItem(out, item, key === 'parts' ? 'movie' : hint, LEVEL.summary);
    });
  }
  for (const key of ['cast', 'crew', 'guest_stars']) {
    objs(body[key]).forEach((item) => {
      addItem(out, item, undefined, LEVEL.mention);
    });
  }
  for (const key of [
    'credits',
    'aggregate_credits',
    'combined_credits',
    'movie_credits',
    'tv_credits',
    'similar',
    'recommendations',
  ]) {
    const nested = body[key];
    if (isObj(nested)) {
      const nestedHint = key === 'movie_credits' ? 'movie' : key === 'tv_credits' ? 'tv' : hint;
      addListings(out, nested, nestedHint);
    }
  }
  const seriesId = int(body.id);
  if (seriesId !== null && Array.isArray(body.seasons)) {
    for (const season of objs(body.seasons)) {
      const record = seasonRecord(season, seriesId, LEVEL.summary);
      if (record) out.seasons.push(record);
    }
  }
}

function classify(item: Obj, hint: Kind | undefined): Kind | undefined {
  const mediaType = item.media_type;
  if (mediaType === 'movie' || mediaType === 'tv' || mediaType === 'person') return mediaType;
  if (hint) return hint;
  if (typeof item.title === 'string') return 'movie';
  if ('first_air_date' in item || ('original_name' in item && 'origin_country' in item))
    return 'tv';
  if ('known_for_department' in item || 'profile_path' in item) return 'person';
  return undefined;
}

function addItem(out: Extracted, item: Obj, hint: Kind | undefined, level: DetailLevel): void {
  const kind = classify(item, hint);
  if (kind === 'person') {
    const person = personRecord(item, level);
    if (person) out.people.push(person);
    objs(item.known_for).forEach((known) => {
      addItem(out, known, undefined, LEVEL.summary);
    });
    return;
  }
  if (kind) {
    const title = titleRecord(item, kind, level);
    if (title) out.titles.push(title);
  }
}

function titleRecord(item: Obj, kind: 'movie' | 'tv', level: DetailLevel): TitleRecord | null {
  const id = int(item.id);
  const title = str(kind === 'movie' ? item.title : item.name) ?? str(item.title) ?? str(item.name);
  if (id === null || title === null) return null;
  const genreIds = Array.isArray(item.genre_ids)
    ? item.genre_ids.filter((g) => int(g) !== null)
    : objs(item.genres)
        .map((g) => int(g.id))
        .filter((g) => g !== null);
  return {
    kind,
    id,
    title,
    original_title: str(kind === 'movie' ? item.original_title : item.original_name),
    overview: str(item.overview),
    poster_path: str(item.poster_path),
    backdrop_path: str(item.backdrop_path),
    date: str(kind === 'movie' ? item.release_date : item.first_air_date),
    original_language: str(item.original_language),
    genre_ids:
      genreIds.length > 0 || 'genre_ids' in item || 'genres' in item
        ? JSON.stringify(genreIds)
        : null,
    popularity: num(item.popularity),
    vote_average: num(item.vote_average),
    vote_count: int(item.vote_count),
    adult: bool(item.adult),
    detail_level: level,
  };
}

function personRecord(item: Obj, level: DetailLevel): PersonRecord | null {
  const id = int(item.id);
  const name = str(item.name);
  if (id === null || name === null) return null;
  const aka = Array.isArray(item.also_known_as)
    ? item.also_known_as.filter((a) => typeof a === 'string')
    : null;
  return {
    id,
    name,
    original_name: str(item.original_name),
    also_known_as: aka && aka.length > 0 ? aka.join(' \u00b7 ') : null,
    known_for_department: str(item.known_for_department),
    profile_path: str(item.profile_path),
    popularity: num(item.popularity),
    gender: int(item.gender),
    adult: bool(item.adult),
    detail_level: level,
  };
}

function seasonRecord(season: Obj, seriesId: number, level: DetailLevel): SeasonRecord | null {
  const seasonNumber = int(season.season_number);
  if (seasonNumber === null) return null;
  return {
    series_id: seriesId,
    season_number: seasonNumber,
    id: int(season.id),
    name: str(season.name),
    overview: str(season.overview),
    poster_path: str(season.poster_path),
    air_date: str(season.air_date),
    episode_count:
      int(season.episode_count) ?? (Array.isArray(season.episodes) ? season.episodes.length : null),
    vote_average: num(season.vote_average),
    detail_level: level,
  };
}

function addSeasonDetails(out: Extracted, body: Obj, context: IngestContext): void {
  const episodes = objs(body.episodes);
  const seriesId = context.seriesId ?? int(episodes[0]?.show_id);
  if (seriesId === null) return;
  const season = seasonRecord(body, seriesId, LEVEL.details);
  if (season) out.seasons.push(season);
  addEpisodes(out, episodes, seriesId, LEVEL.details);
  for (const episode of episodes) {
    for (const key of ['crew', 'guest_stars'])
      objs(episode[key]).forEach((p) => {
        addItem(out, p, 'person', LEVEL.mention);
      });
  }
}

function addEpisodes(
  out: Extracted,
  episodes: Obj[],
  seriesId: number | undefined,
  level: DetailLevel,
): void {
  for (const episode of episodes) {
    const series = seriesId ?? int(episode.show_id);
    const season = int(episode.season_number);
    const number = int(episode.episode_number);
    if (series === null || season === null || number === null) continue;
    const record: EpisodeRecord = {
      series_id: series,
      season_number: season,
      episode_number: number,
      id: int(episode.id),
      name: str(episode.name),
      overview: str(episode.overview),
      still_path: str(episode.still_path),
      air_date: str(episode.air_date),
      runtime: int(episode.runtime),
      vote_average: num(episode.vote_average),
      vote_count: int(episode.vote_count),
      detail_level: level,
    };
    out.episodes.push(record);
  }
}
