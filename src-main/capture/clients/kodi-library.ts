import { z } from 'zod';
import type { ExternalIds } from '../types';
import { boundedTitle, failure } from './http';
import { idsFromMap, intOrNull } from './ids';
import type { KodiRpc } from './kodi-rpc';

/** Kodi's video library as Marquee reads it: films, episodes and their series' ids. */

export const MOVIE_PROPERTIES = ['uniqueid', 'title', 'year', 'playcount', 'lastplayed'];
export const EPISODE_PROPERTIES = [
  'uniqueid',
  'season',
  'episode',
  'tvshowid',
  'title',
  'showtitle',
  'playcount',
  'lastplayed',
];
const SHOW_PROPERTIES = ['uniqueid', 'title', 'year'];

const uniqueid = z.record(z.string(), z.unknown()).nullish();
export const kodiMovie = z.object({
  movieid: z.number(),
  title: z.string().nullish(),
  year: z.number().nullish(),
  uniqueid,
  playcount: z.number().nullish(),
  lastplayed: z.string().nullish(),
});
export const kodiEpisode = z.object({
  episodeid: z.number(),
  tvshowid: z.number().nullish(),
  season: z.number().nullish(),
  episode: z.number().nullish(),
  showtitle: z.string().nullish(),
  uniqueid,
  playcount: z.number().nullish(),
  lastplayed: z.string().nullish(),
});
const kodiShow = z.object({ title: z.string().nullish(), year: z.number().nullish(), uniqueid });

/** What Marquee keeps of a film or an episode in Kodi's library. */
export interface KodiItemFacts {
  itemKey: string;
  media: 'movie' | 'episode';
  ids: ExternalIds;
  seriesIds?: ExternalIds;
  title: string | null;
  year: number | null;
  season: number | null;
  episode: number | null;
  playCount: number;
  /** Kodi's `lastplayed` text, `YYYY-MM-DD HH:MM:SS` in Kodi's local time, or empty. */
  lastPlayed: string | null;
}

/** ms since the epoch of a local date and time (Kodi's clock is the computer's, in its time zone). */
export type LocalTime = (
  y: number,
  month: number,
  d: number,
  h: number,
  min: number,
  s: number,
) => number;

export const systemLocalTime: LocalTime = (y, month, d, h, min, s) =>
  new Date(y, month - 1, d, h, min, s).getTime();

/** Kodi's `lastplayed` ("2026-08-01 21:14:03", local time) as ms since the epoch, or null. */
export function parseLastPlayed(text: string | null, localTime: LocalTime): number | null {
  const m = text ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim()) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = localTime(y, mo, d, h, mi, s);
  return Number.isFinite(at) ? at : null;
}

/** Series ids by Kodi's `tvshowid`, read once each with `VideoLibrary.GetTVShowDetails`. */
export class ShowCache {
  private readonly shows = new Map<
    number,
    { ids: ExternalIds; title: string | null; year: number | null }
  >();

  async get(
    rpc: KodiRpc,
    tvshowid: number,
  ): Promise<{ ids: ExternalIds; title: string | null; year: number | null }> {
    const known = this.shows.get(tvshowid);
    if (known) return known;
    const reply = z
      .object({ tvshowdetails: kodiShow })
      .safeParse(
        await rpc.call('VideoLibrary.GetTVShowDetails', { tvshowid, properties: SHOW_PROPERTIES }),
      );
    const show = reply.success
      ? {
          ids: idsFromMap(reply.data.tvshowdetails.uniqueid),
          title: boundedTitle(reply.data.tvshowdetails.title),
          year: intOrNull(reply.data.tvshowdetails.year),
        }
      : { ids: {}, title: null, year: null };
    this.shows.set(tvshowid, show);
    return show;
  }
}

export function movieFacts(m: z.infer<typeof kodiMovie>): KodiItemFacts {
  return {
    itemKey: `movie:${m.movieid}`,
    media: 'movie',
    ids: idsFromMap(m.uniqueid),
    title: boundedTitle(m.title),
    year: intOrNull(m.year),
    season: null,
    episode: null,
    playCount: intOrNull(m.playcount) ?? 0,
    lastPlayed: m.lastplayed ?? null,
  };
}

export async function episodeFacts(
  rpc: KodiRpc,
  e: z.infer<typeof kodiEpisode>,
  shows: ShowCache,
): Promise<KodiItemFacts> {
  const show =
    typeof e.tvshowid === 'number' && e.tvshowid >= 0 ? await shows.get(rpc, e.tvshowid) : null;
  return {
    itemKey: `episode:${e.episodeid}`,
    media: 'episode',
    ids: idsFromMap(e.uniqueid),
    ...(show && Object.keys(show.ids).length > 0 ? { seriesIds: show.ids } : {}),
    title: boundedTitle(e.showtitle) ?? show?.title ?? null,
    year: show?.year ?? null,
    season: intOrNull(e.season),
    episode: intOrNull(e.episode),
    playCount: intOrNull(e.playcount) ?? 0,
    lastPlayed: e.lastplayed ?? null,
  };
}

/** One library item by Kodi's id and type, or null when it is not a film or episode in the library. */
export async function lookUp(
  rpc: KodiRpc,
  type: string,
  id: number,
  shows: ShowCache,
): Promise<KodiItemFacts | null> {
  if (type === 'movie') {
    const reply = z.object({ moviedetails: kodiMovie }).safeParse(
      await rpc.call('VideoLibrary.GetMovieDetails', {
        movieid: id,
        properties: MOVIE_PROPERTIES,
      }),
    );
    return reply.success ? movieFacts(reply.data.moviedetails) : null;
  }
  if (type === 'episode') {
    const reply = z.object({ episodedetails: kodiEpisode }).safeParse(
      await rpc.call('VideoLibrary.GetEpisodeDetails', {
        episodeid: id,
        properties: EPISODE_PROPERTIES,
      }),
    );
    return reply.success ? episodeFacts(rpc, reply.data.episodedetails, shows) : null;
  }
  return null;
}

const limits = z.object({ total: z.number() }).nullish();
export const moviesPage = z.object({ movies: z.array(kodiMovie).nullish(), limits });
export const episodesPage = z.object({ episodes: z.array(kodiEpisode).nullish(), limits });

export function unreadable(what: string): Error {
  return failure('schema_mismatch', `Kodi listed ${what} in a way Marquee could not read.`);
}
