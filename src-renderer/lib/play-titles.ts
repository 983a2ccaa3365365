import type {
  ChannelInput,
  ChannelOutput,
  PlayEpisodeView,
  PlayTitleView,
  PlayView,
} from '../../src-shared/ipc/contract';

/** What the library knows of a play's title: read once per page of plays, never per row. */
export type TitleLookup =
  | { state: 'pending' }
  | { state: 'failed' }
  | { state: 'known'; title: PlayTitleView; episode: PlayEpisodeView | null };

/** The titles and episodes read so far, and those whose lookup failed. Never changed in place. */
export interface TitleBook {
  readonly titles: ReadonlyMap<string, PlayTitleView>;
  readonly episodes: ReadonlyMap<string, PlayEpisodeView>;
  readonly failed: ReadonlySet<string>;
}

export type TitleRequest = ChannelInput<'history.titles'>;

export const emptyBook: TitleBook = { titles: new Map(), episodes: new Map(), failed: new Set() };

const titleKey = (mediaType: 'movie' | 'tv', id: number): string => `${mediaType}:${id}`;
const playKey = (play: Pick<PlayView, 'mediaType' | 'mediaId'>): string =>
  titleKey(play.mediaType === 'movie' ? 'movie' : 'tv', play.mediaId);
const episodeKey = (id: number, season: number | null, episode: number | null): string =>
  `${id}/${season ?? ''}/${episode ?? ''}`;

/**
 * The one request for a page's titles: each film, series and episode once, leaving out what the
 * book knows (unless `fresh`, when everything is read again). Null when nothing is missing.
 */
export function titleRequest(
  plays: readonly PlayView[],
  book: TitleBook,
  fresh: boolean,
): TitleRequest | null {
  const movieIds = new Set<number>();
  const seriesIds = new Set<number>();
  const episodes = new Map<string, { seriesId: number; season: number; episode: number }>();
  for (const play of plays) {
    const known = !fresh && book.titles.has(playKey(play));
    if (play.mediaType === 'movie') {
      if (!known) movieIds.add(play.mediaId);
      continue;
    }
    if (!known) seriesIds.add(play.mediaId);
    if (play.season === null || play.episode === null) continue;
    const key = episodeKey(play.mediaId, play.season, play.episode);
    if (fresh || !book.episodes.has(key))
      episodes.set(key, { seriesId: play.mediaId, season: play.season, episode: play.episode });
  }
  if (movieIds.size + seriesIds.size + episodes.size === 0) return null;
  return { movieIds: [...movieIds], seriesIds: [...seriesIds], episodes: [...episodes.values()] };
}

/** The book with a reply's titles (replacing it all when `fresh`). */
export function withTitles(
  book: TitleBook,
  reply: ChannelOutput<'history.titles'>,
  fresh: boolean,
): TitleBook {
  const titles = new Map(fresh ? [] : book.titles);
  for (const title of reply.titles) titles.set(titleKey(title.mediaType, title.id), title);
  const episodes = new Map(fresh ? [] : book.episodes);
  for (const e of reply.episodes) episodes.set(episodeKey(e.seriesId, e.season, e.episode), e);
  const failed = new Set([...book.failed].filter((key) => !titles.has(key)));
  return { titles, episodes, failed };
}

/** The book with a request's titles marked as failed (those it knows stay as they were). */
export function withFailed(book: TitleBook, request: TitleRequest): TitleBook {
  const failed = new Set(book.failed);
  for (const id of request.movieIds) failed.add(titleKey('movie', id));
  for (const id of request.seriesIds) failed.add(titleKey('tv', id));
  return { ...book, failed };
}

/** The title a play belongs to (the film, or the episode's series), as far as it is known. */
export function lookupTitle(book: TitleBook, play: PlayView): TitleLookup {
  const key = playKey(play);
  const title = book.titles.get(key);
  if (title) {
    const episode =
      play.mediaType === 'episode'
        ? (book.episodes.get(episodeKey(play.mediaId, play.season, play.episode)) ?? null)
        : null;
    return { state: 'known', title, episode };
  }
  return book.failed.has(key) ? { state: 'failed' } : { state: 'pending' };
}
