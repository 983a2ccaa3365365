import { yearOf } from '../../src-shared/dates';
import type { MatchCandidate } from '../../src-shared/ipc/contract';
import type { Read } from '../cache/reads';
import type { LocalSearchHit, LocalSearchOptions } from '../cache/store/search';
import type { createTitleNames } from '../cache/store/title-names';
import type { TitleLookup } from '../library/title-lookup';
import { normaliseTitle, type MatchSources } from './match';

/**
 * Where the matcher finds titles: TMDB's reads and the local cache, each answer turned into a
 * match candidate by `candidate` (the one place that mapping is written).
 */

export interface MatchSourceDeps {
  read: Read;
  localSearch: (query: string, options?: LocalSearchOptions) => LocalSearchHit[];
  titles: TitleLookup;
  /** Every cached title's names (the matcher's exact-name index). */
  titleNames?: ReturnType<typeof createTitleNames> | undefined;
}

/** Above this many cached titles the exact-name index is not built (memory); FTS answers alone. */
export const MAX_INDEXED_TITLES = 300_000;

/** A title as any of the sources names it: its first date, poster and (when known) original title. */
interface Named {
  title: string;
  date: string | null | undefined;
  posterPath: string | null | undefined;
  originalTitle?: string | null | undefined;
  /** An episode found by its own id: `id` is its series, these say which episode. */
  season?: number;
  episode?: number;
}

/** A TMDB title as the preview offers it. Fields a source does not name are left out. */
function candidate(mediaType: 'movie' | 'tv', id: number, t: Named): MatchCandidate {
  return {
    mediaType,
    id,
    title: t.title,
    year: yearOf(t.date),
    posterPath: t.posterPath ?? null,
    ...('originalTitle' in t ? { originalTitle: t.originalTitle } : {}),
    ...(t.season === undefined ? {} : { season: t.season }),
    ...(t.episode === undefined ? {} : { episode: t.episode }),
  };
}

/**
 * TMDB's reads and the local cache as the matcher sees them. Make one per job: the exact-name
 * index is built on first use from the cache as it is then.
 */
export function matchSources(deps: MatchSourceDeps): MatchSources {
  let index: Map<string, MatchCandidate[]> | null | undefined;
  const buildIndex = (): Map<string, MatchCandidate[]> | null => {
    const names = deps.titleNames;
    if (!names || names.count() > MAX_INDEXED_TITLES) return null;
    const map = new Map<string, MatchCandidate[]>();
    const add = (key: string, c: MatchCandidate): void => {
      const list = map.get(key);
      if (!list) map.set(key, [c]);
      else if (!list.includes(c)) list.push(c);
    };
    names.each((row) => {
      const c = candidate(row.kind, row.id, row);
      add(normaliseTitle(row.title), c);
      if (row.originalTitle && row.originalTitle !== row.title)
        add(normaliseTitle(row.originalTitle), c);
    });
    return map;
  };
  /** TMDB's find by an external id: films, then episodes (with TMDB's numbers), then series. */
  const find = async (
    source: 'imdb_id' | 'tvdb_id',
    externalId: string,
  ): Promise<MatchCandidate[]> => {
    const { data } = await deps.read('GET /3/find/{external_id}', {
      params: { external_id: externalId },
      query: { external_source: source },
    });
    return [
      ...data.movie_results.map((m) => candidate('movie', m.id, movie(m))),
      ...data.tv_episode_results.map((e) =>
        candidate('tv', e.show_id, {
          title: e.name,
          date: e.air_date,
          posterPath: e.still_path,
          season: e.season_number,
          episode: e.episode_number,
        }),
      ),
      ...data.tv_results.map((s) => candidate('tv', s.id, series(s))),
    ];
  };
  return {
    exact(normalised, kinds) {
      if (index === undefined) index = buildIndex();
      if (index === null) return null;
      return (index.get(normalised) ?? []).filter((c) => kinds.includes(c.mediaType));
    },
    local: (title, kinds) =>
      deps
        .localSearch(title, { kinds, limit: 20 })
        .filter((h): h is LocalSearchHit & { kind: 'movie' | 'tv' } => h.kind !== 'person')
        .map((h) =>
          candidate(h.kind, h.id, {
            title: h.name,
            date: h.date,
            posterPath: h.imagePath,
            originalTitle: h.originalName,
          }),
        ),
    known: (mediaType, id) => known(deps, mediaType, id),
    async search(mediaType, title, year) {
      if (mediaType === 'movie') {
        const { data } = await deps.read('GET /3/search/movie', {
          query: { query: title, ...(year === undefined ? {} : { year }) },
        });
        return data.results.map((m) => candidate('movie', m.id, movie(m)));
      }
      const { data } = await deps.read('GET /3/search/tv', {
        query: { query: title, ...(year === undefined ? {} : { first_air_date_year: year }) },
      });
      return data.results.map((s) => candidate('tv', s.id, series(s)));
    },
    findImdb: (imdbId) => find('imdb_id', imdbId),
    findTvdb: (tvdbId) => find('tvdb_id', String(tvdbId)),
  };
}

/** A film as TMDB's searches and finds name it. */
const movie = (m: {
  title: string;
  release_date?: string | null | undefined;
  poster_path?: string | null | undefined;
  original_title?: string | null | undefined;
}): Named => ({
  title: m.title,
  date: m.release_date,
  posterPath: m.poster_path,
  originalTitle: m.original_title,
});

/** A series as TMDB's searches and finds name it. */
const series = (s: {
  name: string;
  first_air_date?: string | null | undefined;
  poster_path?: string | null | undefined;
  original_name?: string | null | undefined;
}): Named => ({
  title: s.name,
  date: s.first_air_date,
  posterPath: s.poster_path,
  originalTitle: s.original_name,
});

/** The cached name of a TMDB title, when the cache knows it. */
function known(
  deps: Pick<MatchSourceDeps, 'titles'>,
  mediaType: 'movie' | 'tv',
  id: number,
): MatchCandidate | undefined {
  const t = deps.titles.title(mediaType, id);
  return t
    ? candidate(mediaType, id, {
        title: t.title,
        date: t.date,
        posterPath: t.poster_path,
        originalTitle: t.original_title,
      })
    : undefined;
}

/**
 * Names a TMDB title the user chose that was not among the candidates: the cache first, else
 * TMDB's details (null when there is no such title or TMDB cannot be asked).
 */
export async function lookupTitle(
  deps: Pick<MatchSourceDeps, 'read' | 'titles'>,
  mediaType: 'movie' | 'tv',
  id: number,
): Promise<MatchCandidate | null> {
  const local = known(deps, mediaType, id);
  if (local) return local;
  try {
    // A film and a series name their title and first date differently.
    const found =
      mediaType === 'movie'
        ? await deps
            .read('GET /3/movie/{movie_id}', { params: { movie_id: id } })
            .then(({ data }) => ({
              title: data.title,
              date: data.release_date,
              posterPath: data.poster_path,
            }))
        : await deps
            .read('GET /3/tv/{series_id}', { params: { series_id: id } })
            .then(({ data }) => ({
              title: data.name,
              date: data.first_air_date,
              posterPath: data.poster_path,
            }));
    return candidate(mediaType, id, found);
  } catch {
    return null;
  }
}
