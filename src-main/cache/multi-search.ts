import type { EndpointResponse } from '../../src-shared/tmdb/endpoints';
import { multiSearchItem } from '../../src-shared/tmdb/schemas/multiSearch';
import type { LocalSearchHit, LocalSearchOptions } from './store/search';
import { isNetworkFailure } from '../base/errors';
import type { Fetched, Read } from './reads';
import type { LocalTitles } from './store/titles';

export type MultiPage = EndpointResponse<'GET /3/search/multi'>;
type MultiItem = MultiPage['results'][number];

export const LOCAL_PAGE_SIZE = 20;
/** Local hits added to a network page: enough to surface what the user saw, not to drown TMDB's ranking. */
const MERGED_EXTRAS = 10;

export interface MultiSearchQuery {
  query: string;
  page: number;
  /** Answer from the local index alone, without asking TMDB. */
  localOnly?: boolean;
}

export type MultiSearch = (input: MultiSearchQuery) => Promise<Fetched<MultiPage>>;

export interface SearchDeps {
  read: Read;
  localSearch: (query: string, options?: LocalSearchOptions) => LocalSearchHit[];
  titles: LocalTitles;
  online: () => boolean;
  clock: () => number;
}

/**
 * The multi search: online, TMDB's results with the titles Marquee has seen that TMDB did not
 * return added after them (first page only, so paging stays TMDB's); offline, or when the
 * network fails mid-search, a page built from the local index alone, with `source: 'cache'`.
 */
export function createMultiSearch(deps: SearchDeps): MultiSearch {
  return async ({ query, page, localOnly }) => {
    if (deps.online() && !localOnly) {
      try {
        const remote = await deps.read('GET /3/search/multi', { query: { query, page } });
        return page === 1 ? withLocalExtras(remote, query, deps) : remote;
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
      }
    }
    return localPage(query, page, deps);
  };
}

/** The local index's first page for a query: what `search.multi` answers with `localOnly`. */
export function createLocalAnswer(deps: SearchDeps): (query: string) => Fetched<MultiPage> {
  return (query) => localPage(query, 1, deps);
}

function withLocalExtras(
  remote: Fetched<MultiPage>,
  query: string,
  deps: SearchDeps,
): Fetched<MultiPage> {
  const seen = new Set(remote.data.results.map((r) => `${r.media_type}:${r.id}`));
  const extras: MultiItem[] = [];
  for (const hit of deps.localSearch(query, { limit: LOCAL_PAGE_SIZE })) {
    if (extras.length >= MERGED_EXTRAS) break;
    if (seen.has(`${hit.kind}:${hit.id}`)) continue;
    const item = toItem(hit, deps.titles);
    if (item) extras.push(item.item);
  }
  if (extras.length === 0) return remote;
  return { ...remote, data: { ...remote.data, results: [...remote.data.results, ...extras] } };
}

function localPage(query: string, page: number, deps: SearchDeps): Fetched<MultiPage> {
  const offset = (page - 1) * LOCAL_PAGE_SIZE;
  // One extra row tells whether a next page exists without counting every match.
  const hits = deps.localSearch(query, { limit: LOCAL_PAGE_SIZE + 1, offset });
  const results: MultiItem[] = [];
  let newest = 0;
  for (const hit of hits.slice(0, LOCAL_PAGE_SIZE)) {
    const item = toItem(hit, deps.titles);
    if (!item) continue;
    results.push(item.item);
    newest = Math.max(newest, item.seenAt);
  }
  const more = hits.length > LOCAL_PAGE_SIZE;
  // Each item passed the item schema in toItem; the envelope is ours, so it is not parsed again
  // (this runs on every keystroke).
  const data: MultiPage = {
    page,
    results,
    total_pages: more ? page + 1 : page,
    total_results: offset + Math.min(hits.length, LOCAL_PAGE_SIZE) + (more ? 1 : 0),
  };
  return {
    data,
    meta: { source: 'cache', fetchedAt: newest === 0 ? deps.clock() : newest, stale: true },
  };
}

function toItem(
  hit: LocalSearchHit,
  titles: LocalTitles,
): { item: MultiItem; seenAt: number } | undefined {
  const shaped = asSearchResult(hit.kind, hit.id, titles);
  if (!shaped) return undefined;
  // A row too sparse to pass as a search result (e.g. a bare credit) is left out rather than faked.
  const parsed = multiSearchItem.safeParse(shaped.item);
  return parsed.success ? { item: parsed.data, seenAt: shaped.seenAt } : undefined;
}

/** A cached title or person in the shape of a multi-search result (TMDB's own field names). */
export function asSearchResult(
  kind: 'movie' | 'tv' | 'person',
  id: number,
  local: LocalTitles,
): { item: Record<string, unknown>; seenAt: number } | undefined {
  if (kind === 'person') {
    const p = local.person(id);
    if (!p) return undefined;
    return {
      seenAt: p.seen_at,
      item: {
        media_type: 'person',
        id: p.id,
        name: p.name,
        original_name: p.original_name ?? p.name,
        adult: p.adult === 1,
        gender: p.gender ?? 0,
        known_for: [],
        known_for_department: p.known_for_department ?? '',
        popularity: p.popularity ?? 0,
        profile_path: p.profile_path,
      },
    };
  }
  const t = local.title(kind, id);
  if (!t) return undefined;
  const common = {
    id: t.id,
    adult: t.adult === 1,
    backdrop_path: t.backdrop_path,
    poster_path: t.poster_path,
    genre_ids: parseIds(t.genre_ids),
    original_language: t.original_language ?? '',
    overview: t.overview ?? '',
    popularity: t.popularity ?? 0,
    vote_average: t.vote_average ?? 0,
    vote_count: t.vote_count ?? 0,
  };
  const item =
    kind === 'movie'
      ? {
          ...common,
          media_type: 'movie',
          title: t.title,
          original_title: t.original_title ?? t.title,
          release_date: t.date ?? '',
          video: false,
        }
      : {
          ...common,
          media_type: 'tv',
          name: t.title,
          original_name: t.original_title ?? t.title,
          first_air_date: t.date ?? '',
          origin_country: [],
        };
  return { item, seenAt: t.seen_at };
}

function parseIds(text: string | null): number[] {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}
