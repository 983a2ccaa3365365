import type { IdStore, KnownId } from './store';
import type { ExternalIds } from './types';

/**
 * Maps what a media server knows of an item (its TMDB, IMDb or TheTVDB ids, an old Plex agent's
 * guid) to the TMDB film or episode Marquee records. An episode's ids are the episode's own: TMDB's
 * find-by-external-id answers with its series and TMDB's season and number. When the server also
 * names the series, its episodes cost one request for the series (none with TMDB's id) and one per
 * season to check that TMDB numbers them alike, not one each. A title alone is never guessed at: it goes to
 * the review list. Every answer TMDB gave is remembered (in the library), so an id costs one
 * request ever.
 */

export interface TmdbTarget {
  mediaType: 'movie' | 'episode';
  /** The film's id, or the series' id for an episode. */
  mediaId: number;
  season: number | null;
  episode: number | null;
}

export type Resolution =
  { kind: 'resolved'; target: TmdbTarget } | { kind: 'review'; reason: string };

/** What TMDB's `GET /3/find/{id}` answered, reduced to ids. */
export interface FindAnswer {
  movies: number[];
  episodes: { showId: number; season: number; episode: number }[];
  series: number[];
}

type ExternalSource = 'imdb_id' | 'tvdb_id';

export type FindById = (source: ExternalSource, externalId: string) => Promise<FindAnswer>;

/** What is read of an event or a backfilled item. */
export interface ResolvableItem {
  media: 'movie' | 'episode';
  ids: ExternalIds;
  seriesIds?: ExternalIds | undefined;
  title: string | null;
  season: number | null;
  episode: number | null;
}

export interface ResolverDeps {
  find: FindById;
  ids: IdStore;
  clock: () => number;
  /** Resolves when a write would not wait for the worker's transaction (see db/write-turn.ts). */
  turn?: () => Promise<void>;
}

export interface Resolver {
  resolve(item: ResolvableItem): Promise<Resolution>;
  /**
   * Until released, TMDB's answers are kept in memory (and used) but written only by `flush`,
   * which a backfill calls inside each of its transactions: one commit for many answers rather
   * than one each. Released (by every holder), what is left is written, and answers are written
   * as they come again.
   */
  hold?(): { flush(): void; release(): void };
}

/** Answers kept in memory before they are let go (they stay in the library). */
const RECENT_IDS = 50_000;

/** How long "TMDB knows no such id" is believed before asking again. */
export const UNKNOWN_ID_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** An old Plex agent's guid: `com.plexapp.agents.thetvdb://468006/1/1?lang=en`. */
export interface LegacyGuid {
  agent: 'tvdb' | 'imdb' | 'tmdb';
  id: string;
  season: number | null;
  episode: number | null;
}

const AGENTS: Record<string, LegacyGuid['agent']> = {
  thetvdb: 'tvdb',
  imdb: 'imdb',
  themoviedb: 'tmdb',
};

export function parseLegacyGuid(guid: string | undefined): LegacyGuid | null {
  const m = /^com\.plexapp\.agents\.([a-z]+):\/\/([A-Za-z0-9]+)(?:\/(\d+)\/(\d+))?(?:[/?#]|$)/.exec(
    guid ?? '',
  );
  const agent = m?.[1] === undefined ? undefined : AGENTS[m[1]];
  if (!m?.[2] || agent === undefined) return null;
  return {
    agent,
    id: m[2],
    season: m[3] === undefined ? null : Number(m[3]),
    episode: m[4] === undefined ? null : Number(m[4]),
  };
}

const tmdbNumber = (id: string | undefined): number | null =>
  id !== undefined && /^\d{1,10}$/.test(id) && Number(id) > 0 ? Number(id) : null;
const imdbId = (id: string | undefined): string | null =>
  id !== undefined && /^tt\d{5,10}$/.test(id) ? id : null;
const tvdbId = (id: string | undefined): string | null =>
  id !== undefined && /^\d{1,10}$/.test(id) && Number(id) > 0 ? id : null;

type Want = 'movie' | 'episode' | 'tv';

export function createResolver(deps: ResolverDeps): Resolver {
  const pending = new Map<string, Promise<KnownId>>();
  /** By TMDB series and season: whether TMDB numbers its episodes as servers do (null: unknown). */
  const numbering = new Map<string, Promise<boolean | null>>();

  /** Answers read or received lately, by `source:want:id` (a backfill asks for each id often). */
  const recent = new Map<string, KnownId>();
  /** Answers not written yet, while held. */
  const unsaved = new Map<string, [string, string, KnownId]>();
  let holders = 0;

  function remember(key: string, id: string, known: KnownId): void {
    if (recent.size >= RECENT_IDS) recent.clear();
    recent.set(`${key}:${id}`, known);
  }
  function save(): void {
    for (const [key, id, known] of unsaved.values()) deps.ids.put(key, id, known);
    unsaved.clear();
  }

  /** One external id as `want`: from what is remembered, else one find (shared while in flight). */
  async function lookup(source: ExternalSource, id: string, want: Want): Promise<KnownId> {
    const key = `${source}:${want}`;
    const memo = `${key}:${id}`;
    let known = recent.get(memo) ?? null;
    if (!known) {
      known = deps.ids.get(key, id);
      if (known) remember(key, id, known);
    }
    if (known && (known.tmdbId !== null || deps.clock() - known.resolvedAt < UNKNOWN_ID_TTL_MS))
      return known;
    let promise = pending.get(memo);
    if (!promise) {
      promise = deps
        .find(source, id)
        .then(async (answer) => {
          const found = pick(answer, want, deps.clock());
          remember(key, id, found);
          if (holders > 0) unsaved.set(memo, [key, id, found]);
          else {
            await deps.turn?.();
            // Held meanwhile: the holder's next transaction writes it.
            if (holders > 0) unsaved.set(memo, [key, id, found]);
            else deps.ids.put(key, id, found);
          }
          return found;
        })
        .finally(() => pending.delete(memo));
      pending.set(memo, promise);
    }
    return promise;
  }

  const film = (id: number): Resolution => ({
    kind: 'resolved',
    target: { mediaType: 'movie', mediaId: id, season: null, episode: null },
  });
  const episodeOf = (series: number, season: number, episode: number): Resolution => ({
    kind: 'resolved',
    target: { mediaType: 'episode', mediaId: series, season, episode },
  });

  async function resolveFilm(
    item: ResolvableItem,
    legacy: LegacyGuid | null,
  ): Promise<Resolution | null> {
    const direct =
      tmdbNumber(item.ids.tmdb) ?? (legacy?.agent === 'tmdb' ? tmdbNumber(legacy.id) : null);
    if (direct !== null) return film(direct);
    const imdb = imdbId(item.ids.imdb) ?? (legacy?.agent === 'imdb' ? imdbId(legacy.id) : null);
    if (imdb !== null) {
      const found = await lookup('imdb_id', imdb, 'movie');
      if (found.tmdbId !== null) return film(found.tmdbId);
    }
    const tvdb = tvdbId(item.ids.tvdb);
    if (tvdb !== null) {
      const found = await lookup('tvdb_id', tvdb, 'movie');
      if (found.tmdbId !== null) return film(found.tmdbId);
    }
    return null;
  }

  /** The series named by its own ids: TMDB's id as it is, else one find per series, ever. */
  async function seriesOf(ids: ExternalIds | undefined): Promise<number | null> {
    const s = ids ?? {};
    let series = tmdbNumber(s.tmdb);
    if (series === null && imdbId(s.imdb) !== null)
      series = (await lookup('imdb_id', s.imdb ?? '', 'tv')).tmdbId;
    if (series === null && tvdbId(s.tvdb) !== null)
      series = (await lookup('tvdb_id', s.tvdb ?? '', 'tv')).tmdbId;
    return series;
  }

  /**
   * Whether TMDB numbers a season's episodes as the server does, from one of its episodes' own
   * ids (one find per season, not per episode): when it does, the server's season and number
   * place every other episode of the season without a request; when it does not (an absolute or
   * DVD order), each episode is found by its own ids. An episode TMDB does not know decides
   * nothing: the season's next episode is asked.
   */
  async function numberingAgrees(
    series: number,
    item: ResolvableItem & { season: number },
    [source, id]: [ExternalSource, string],
  ): Promise<boolean> {
    const key = `${String(series)}:${String(item.season)}`;
    let verdict = numbering.get(key);
    if (!verdict) {
      const asked = lookup(source, id, 'episode').then((found) =>
        found.tmdbId === null
          ? null
          : found.tmdbId === series &&
            found.season === item.season &&
            found.episode === item.episode,
      );
      numbering.set(key, asked);
      asked.then(
        (agrees) => {
          if (agrees === null) numbering.delete(key);
        },
        () => numbering.delete(key),
      );
      verdict = asked;
    }
    return (await verdict) ?? true;
  }

  async function resolveEpisode(
    item: ResolvableItem,
    legacy: LegacyGuid | null,
  ): Promise<Resolution | null> {
    const own = (
      [
        ['imdb_id', imdbId(item.ids.imdb) ?? (legacy?.agent === 'imdb' ? imdbId(legacy.id) : null)],
        ['tvdb_id', tvdbId(item.ids.tvdb)],
      ] as const
    ).filter((o): o is [ExternalSource, string] => o[1] !== null);
    const numbered =
      item.season !== null && item.episode !== null
        ? { season: item.season, episode: item.episode }
        : null;
    // A series the server names, with the episode's numbers: one find for the whole series.
    const series = numbered === null ? null : await seriesOf(item.seriesIds);
    const first = own[0];
    if (
      series !== null &&
      numbered !== null &&
      (first === undefined ||
        (await numberingAgrees(series, { ...item, season: numbered.season }, first)))
    )
      return episodeOf(series, numbered.season, numbered.episode);
    for (const [source, id] of own) {
      const found = await lookup(source, id, 'episode');
      if (found.tmdbId !== null && found.season !== null && found.episode !== null)
        return episodeOf(found.tmdbId, found.season, found.episode);
    }
    if (legacy !== null && legacy.season !== null && legacy.episode !== null) {
      const legacySeries =
        legacy.agent === 'tmdb'
          ? tmdbNumber(legacy.id)
          : legacy.agent === 'tvdb' && tvdbId(legacy.id) !== null
            ? (await lookup('tvdb_id', legacy.id, 'tv')).tmdbId
            : null;
      if (legacySeries !== null) return episodeOf(legacySeries, legacy.season, legacy.episode);
    }
    return series === null || numbered === null
      ? null
      : episodeOf(series, numbered.season, numbered.episode);
  }

  return {
    hold() {
      holders += 1;
      let released = false;
      return {
        flush: save,
        release() {
          if (released) return;
          released = true;
          holders -= 1;
          if (holders === 0) save();
        },
      };
    },
    async resolve(item) {
      const legacy = parseLegacyGuid(item.ids.legacyGuid);
      const found =
        item.media === 'movie'
          ? await resolveFilm(item, legacy)
          : await resolveEpisode(item, legacy);
      if (found) return found;
      const hasId =
        Object.values(item.ids).some((v) => v) ||
        Object.values(item.seriesIds ?? {}).some((v) => v);
      if (hasId) return { kind: 'review', reason: 'TMDB knows none of the ids the server gave.' };
      if (item.title) return { kind: 'review', reason: 'The server gave only a title.' };
      return { kind: 'review', reason: 'The server gave neither an id nor a title.' };
    },
  };
}

/** The one answer of the kind wanted; several or none is "unknown" (never a guess). */
function pick(answer: FindAnswer, want: Want, now: number): KnownId {
  const none: KnownId = {
    mediaType: null,
    tmdbId: null,
    season: null,
    episode: null,
    resolvedAt: now,
  };
  if (want === 'movie')
    return answer.movies.length === 1 && answer.movies[0] !== undefined
      ? { ...none, mediaType: 'movie', tmdbId: answer.movies[0] }
      : none;
  if (want === 'tv')
    return answer.series.length === 1 && answer.series[0] !== undefined
      ? { ...none, mediaType: 'tv', tmdbId: answer.series[0] }
      : none;
  const [only, ...more] = answer.episodes;
  return only && more.length === 0
    ? {
        mediaType: 'episode',
        tmdbId: only.showId,
        season: only.season,
        episode: only.episode,
        resolvedAt: now,
      }
    : none;
}
