import { endpoints, type EndpointResponse } from '../../src-shared/tmdb/endpoints';
import { multiSearchItem } from '../../src-shared/tmdb/schemas/multiSearch';
import type { LocalSearchHit, LocalSearchOptions } from '../cache/search';
import type { Handlers } from '../ipc/guard';
import { asSearchResult, type LocalTitles } from './local-titles';
import type { Fetched, Read } from './reads';

type MultiPage = EndpointResponse<'GET /3/search/multi'>;
type MultiItem = MultiPage['results'][number];

export const LOCAL_PAGE_SIZE = 20;
/** Local hits added to a network page: enough to surface what the user saw, not to drown TMDB's ranking. */
const MERGED_EXTRAS = 10;

export interface SearchDeps {
  read: Read;
  localSearch: (query: string, options?: LocalSearchOptions) => LocalSearchHit[];
  titles: LocalTitles;
  online: () => boolean;
  clock: () => number;
}

/**
 * `search.multi`: online, TMDB's results with the titles Marquee has seen that TMDB did not
 * return added after them (first page only, so paging stays TMDB's); offline, or when the
 * network fails mid-search, a page built from the local index alone, with `source: 'cache'`.
 */
export function multiSearchHandler(deps: SearchDeps): Handlers['search.multi'] {
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
  const data = endpoints['GET /3/search/multi'].response.parse({
    page,
    results,
    total_pages: more ? page + 1 : page,
    total_results: offset + Math.min(hits.length, LOCAL_PAGE_SIZE) + (more ? 1 : 0),
  });
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

function isNetworkFailure(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'offline' || code === 'timeout';
}
