import type { TmdbClient } from '../../tmdb/types';
import type { ItemSummary } from '../changes';
import type { PullFailure } from '../../../src-shared/ipc/contract';
import { redact } from '../../../src-shared/redact';
import type { MirrorEntry, MirrorSnapshot } from '../store/library';
import { markerOf, withoutMarker } from './list-marker';

/** What a page is about, for the cache's title index (the cache's `IngestContext`). */
interface IngestContext {
  mediaType?: 'movie' | 'tv' | 'person';
  seriesId?: number;
}

/** TMDB pages at most this far; an account larger than 500 pages of 20 is not expected. */
const MAX_PAGES = 500;

interface Page<T> {
  page: number;
  results: T[];
  total_pages: number;
}

/**
 * Reads every page of one listing, feeding each page to the cache's normalized tables as it
 * arrives, and returns all items in TMDB's order.
 */
async function pageThrough<T>(
  load: (page: number) => Promise<Page<T>>,
  ingest: (body: unknown, context?: IngestContext) => void,
  context?: IngestContext,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = await load(page);
    ingest(body, context);
    items.push(...body.results);
    if (page >= body.total_pages) break;
  }
  return items;
}

type Summarized = {
  id: number;
  title?: string;
  name?: string;
  original_title?: string;
  original_name?: string;
  poster_path?: string | null;
  release_date?: string;
  first_air_date?: string | null;
  popularity?: number;
  vote_average?: number;
};

/**
 * Reads the whole account (watchlist, favourites, ratings of films, series and episodes, and
 * every list with its movies), page by page, into the snapshot `replaceMirror` takes. Each page
 * also feeds the cache's normalized tables, so the library shows titles offline. TMDB does not
 * say when an item was added; its lists come oldest first, and `addedAt` keeps that order.
 */
export async function pullAccount(
  tmdb: TmdbClient,
  accountId: number,
  options: { clock: () => number; ingest: (body: unknown, context?: IngestContext) => void },
): Promise<MirrorSnapshot> {
  const started = options.clock();
  const params = { account_id: accountId };
  const query = { sort_by: 'created_at.asc' as const };

  const all = <T>(load: (page: number) => Promise<Page<T>>, context?: IngestContext) =>
    pageThrough(load, options.ingest, context);
  const entries = (mediaType: 'movie' | 'tv', items: Summarized[]): MirrorEntry[] =>
    items.map((item, index) => ({
      mediaType,
      mediaId: item.id,
      addedAt: started - items.length + index,
      summary: summaryOf(item),
    }));

  const failures: PullFailure[] = [];
  const part = partReader(failures);
  const q = (page: number): { params: typeof params; query: typeof query & { page: number } } => ({
    params,
    query: { ...query, page },
  });

  const [watchMovies, watchTv, favMovies, favTv, ratedMovies, ratedTv, ratedEpisodes, lists] =
    await Promise.all([
      part('watchlist:movie', () =>
        all((p) => tmdb.request('GET /3/account/{account_id}/watchlist/movies', q(p)), {
          mediaType: 'movie',
        }),
      ),
      part('watchlist:tv', () =>
        all((p) => tmdb.request('GET /3/account/{account_id}/watchlist/tv', q(p)), {
          mediaType: 'tv',
        }),
      ),
      part('favorite:movie', () =>
        all((p) => tmdb.request('GET /3/account/{account_id}/favorite/movies', q(p)), {
          mediaType: 'movie',
        }),
      ),
      part('favorite:tv', () =>
        all((p) => tmdb.request('GET /3/account/{account_id}/favorite/tv', q(p)), {
          mediaType: 'tv',
        }),
      ),
      part('rated:movie', () =>
        all((p) => tmdb.request('GET /3/account/{account_id}/rated/movies', q(p)), {
          mediaType: 'movie',
        }),
      ),
      part('rated:tv', () =>
        all((p) => tmdb.request('GET /3/account/{account_id}/rated/tv', q(p)), {
          mediaType: 'tv',
        }),
      ),
      part('rated:episode', () =>
        all((p) => tmdb.request('GET /3/account/{account_id}/rated/tv/episodes', q(p))),
      ),
      part('lists', () =>
        all((page) =>
          tmdb.request('GET /3/account/{account_id}/lists', { params, query: { page } }),
        ),
      ),
    ]);

  const listSnapshots: MirrorSnapshot['lists'] = [];
  for (const list of lists ?? []) {
    const items = await part(`list:${list.id}`, async () => {
      const found: Summarized[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const body = await tmdb.request('GET /3/list/{list_id}', {
          params: { list_id: list.id },
          query: { page },
        });
        options.ingest(body, {});
        found.push(...body.items);
        if (body.total_pages === undefined || page >= body.total_pages) break;
      }
      return found;
    });
    listSnapshots.push({
      serverId: list.id,
      name: list.name,
      description: withoutMarker(list.description),
      marker: markerOf(list.description),
      items: items === null ? null : entries('movie', items),
    });
  }

  return {
    watchlist: [...entries('movie', watchMovies ?? []), ...entries('tv', watchTv ?? [])],
    favorites: [...entries('movie', favMovies ?? []), ...entries('tv', favTv ?? [])],
    rated: ratedEntries(ratedMovies ?? [], ratedTv ?? [], ratedEpisodes ?? []),
    lists: listSnapshots,
    failures,
  };
}

/** Reads one part of the account; one that fails is reported and keeps its mirror, never the rest. */
function partReader(
  failures: PullFailure[],
): <T>(name: string, read: () => Promise<T[]>) => Promise<T[] | null> {
  return async (name, read) => {
    try {
      return await read();
    } catch (error) {
      failures.push({ part: name, message: failureText(error) });
      return null;
    }
  };
}

function failureText(error: unknown): string {
  return redact(error instanceof Error ? error.message : String(error));
}

type RatedTitle = Summarized & { rating: number };
interface RatedEpisode {
  show_id: number;
  season_number: number;
  episode_number: number;
  rating: number;
}

/**
 * The rated part of a snapshot, for an account and a guest session alike. A rating below TMDB's
 * 0.5 floor would be refused by the mirror; it cannot be a real one.
 */
function ratedEntries(
  movies: readonly RatedTitle[],
  shows: readonly RatedTitle[],
  episodes: readonly RatedEpisode[],
): MirrorSnapshot['rated'] {
  return [
    ...movies.map((m) => ({
      target: { mediaType: 'movie' as const, mediaId: m.id },
      value: m.rating,
      summary: summaryOf(m),
    })),
    ...shows.map((t) => ({
      target: { mediaType: 'tv' as const, mediaId: t.id },
      value: t.rating,
      summary: summaryOf(t),
    })),
    ...episodes.map((e) => ({
      target: {
        mediaType: 'episode' as const,
        mediaId: e.show_id,
        season: e.season_number,
        episode: e.episode_number,
      },
      value: e.rating,
    })),
  ].filter((r) => r.value >= 0.5);
}

function summaryOf(item: Summarized): ItemSummary {
  return {
    title: item.title ?? item.name ?? null,
    originalTitle: item.original_title ?? item.original_name ?? null,
    posterPath: item.poster_path ?? null,
    releaseDate: item.release_date ?? item.first_air_date ?? null,
    popularity: item.popularity ?? null,
    voteAverage: item.vote_average ?? null,
  };
}

/**
 * A guest session can only rate, so its pull is its three rated lists; watchlist, favourites and
 * lists stay empty. The guest session id travels in the path (the client redacts it).
 */
export async function pullGuest(
  tmdb: TmdbClient,
  guestSessionId: string,
  options: { ingest: (body: unknown, context?: IngestContext) => void },
): Promise<MirrorSnapshot> {
  const params = { guest_session_id: guestSessionId };
  const all = <T>(load: (page: number) => Promise<Page<T>>, context?: IngestContext) =>
    pageThrough(load, options.ingest, context);
  const failures: PullFailure[] = [];
  const part = partReader(failures);
  const [movies, shows, episodes] = await Promise.all([
    part('rated:movie', () =>
      all(
        (page) =>
          tmdb.request('GET /3/guest_session/{guest_session_id}/rated/movies', {
            params,
            query: { page },
          }),
        { mediaType: 'movie' },
      ),
    ),
    part('rated:tv', () =>
      all(
        (page) =>
          tmdb.request('GET /3/guest_session/{guest_session_id}/rated/tv', {
            params,
            query: { page },
          }),
        { mediaType: 'tv' },
      ),
    ),
    part('rated:episode', () =>
      all((page) =>
        tmdb.request('GET /3/guest_session/{guest_session_id}/rated/tv/episodes', {
          params,
          query: { page },
        }),
      ),
    ),
  ]);
  return {
    watchlist: [],
    favorites: [],
    lists: [],
    rated: ratedEntries(movies ?? [], shows ?? [], episodes ?? []),
    failures,
  };
}
