import { plainText } from '../../src-shared/text/bound';
import { TEXT_LIMITS } from '../../src-shared/text/limits';
import { addDays } from './dates';
import type { TrackingStore } from './store';
import { episodeKey, releaseKey, type NewInboxItem } from './store/inbox';
import { releaseTypes, type InboxItem } from './types';

/**
 * How far back each check looks again. An episode TMDB adds a few days late is still announced;
 * the UNIQUE dedupe key makes looking again free of repeats.
 */
export const NOTIFY_LOOKBACK_DAYS = 7;

const two = (n: number): string => String(n).padStart(2, '0');

const RELEASE_TEXT = {
  premiere: 'premieres',
  limited: 'opens in some theatres',
  theatrical: 'is in theatres',
  digital: 'is out digitally',
  physical: 'is out on disc',
  tv: 'is on TV',
} as const;

/** An episode's name, cut so that its code and air date still fit in the body. */
const EPISODE_NAME_MAX = 300;

/** An item's text as the inbox and the system show it: plain, one line, bounded. */
const title = (text: string): string => plainText(text, TEXT_LIMITS.inboxTitle);
const body = (text: string): string => plainText(text, TEXT_LIMITS.inboxBody);

function when(date: string, today: string): string {
  return date === today ? 'today' : `on ${date}`;
}

/**
 * Turns what aired or came out since the last check into inbox items, once each:
 * - a series or film that just became followed starts notifying from tomorrow, so its backlog is
 *   never announced (nor a burst for every watchlist series on the first run after an upgrade);
 * - an episode is announced when it aired on or after that start, up to today, and was not
 *   already watched; a watchlist film when it is released in the user's region (per release type).
 */
export function collectNotifications(
  store: TrackingStore,
  options: { today: string; region: string; now: number },
): InboxItem[] {
  const { today, region, now } = options;
  return store.transaction(() => {
    store.inbox.syncFollows(addDays(today, 1));
    const items: NewInboxItem[] = [];
    for (const ep of store.inbox.airedEpisodes(today)) {
      const code = `S${two(ep.season)}E${two(ep.episode)}`;
      // TMDB's text: any length, any characters (direction overrides, markup, line breaks).
      const name = plainText(ep.name, EPISODE_NAME_MAX);
      items.push({
        dedupeKey: episodeKey(ep.seriesId, ep.season, ep.episode),
        kind: 'episode',
        mediaId: ep.seriesId,
        season: ep.season,
        episode: ep.episode,
        releaseType: null,
        title: title(ep.seriesName ?? `Series ${ep.seriesId}`),
        body: body(`${code}${name ? ` “${name}”` : ''} aired ${when(ep.airDate, today)}.`),
        occurredAt: ep.airDate,
      });
    }
    for (const film of store.inbox.releasedFilms(region, today)) {
      items.push({
        dedupeKey: releaseKey(film.movieId, film.region, film.type),
        kind: 'release',
        mediaId: film.movieId,
        season: null,
        episode: null,
        releaseType: film.type,
        title: title(film.title ?? `Film ${film.movieId}`),
        body: body(
          `${RELEASE_TEXT[releaseTypes[film.type]]} (${film.region}) ${when(film.date, today)}.`,
        ),
        occurredAt: film.date,
      });
    }
    const added = store.inbox.add(items, now);
    store.inbox.advance(addDays(today, 1 - NOTIFY_LOOKBACK_DAYS));
    // An item made read because another computer read it already is no news here.
    return added.filter((item) => item.readAt === null);
  });
}
