/**
 * The large profile's files: a Marquee backup of 200,000 plays to restore, and a Trakt history of
 * 20,000 plays to import (TMDB ids given, so matching needs no network). Both are the same bytes
 * on every run: a seeded PRNG, a fixed clock, and keys in a fixed order.
 */
import { DAY } from './stats-seed';
import { prng } from './storage-search';
import { cachedFilm, FOLLOWED_BASE, SHAPE } from './large-profile-library';

/** An episode every followed series has (each has at least 2 seasons of 8 episodes). */
function episodeOf(random: () => number): { series: number; season: number; episode: number } {
  return {
    series: FOLLOWED_BASE + Math.floor(random() * SHAPE.followed),
    season: 1 + Math.floor(random() * 2),
    episode: 1 + Math.floor(random() * 8),
  };
}

/** A Marquee backup (format 1) of `SHAPE.backupPlays` plays, none of them in the profile yet. */
export function backupText(now: number, seed: number): string {
  const random = prng(seed + 2);
  const start = now - SHAPE.years * 365 * DAY;
  const history = Array.from({ length: SHAPE.backupPlays }, (_, n) => {
    const watchedAt = start + Math.floor(random() * (now - start));
    const uid = `restored-${String(n + 1).padStart(7, '0')}`;
    if (random() < 0.4)
      return {
        uid,
        mediaType: 'movie',
        mediaId: cachedFilm(1, Math.floor(random() * 300_000)),
        season: null,
        episode: null,
        watchedAt,
        source: 'marquee',
        createdAt: watchedAt,
      };
    const { series, season, episode } = episodeOf(random);
    return {
      uid,
      mediaType: 'episode',
      mediaId: series,
      season,
      episode,
      watchedAt,
      source: 'marquee',
      createdAt: watchedAt,
    };
  });
  history.sort((a, b) => (a.uid < b.uid ? -1 : 1));
  const doc = {
    format: 'marquee-backup',
    version: 1,
    createdAt: now,
    app: { version: '0.1.0' },
    library: { watchlist: [], favorites: [], ratings: [], lists: [] },
    history,
    series: Array.from({ length: SHAPE.followed }, (_, i) => ({
      seriesId: FOLLOWED_BASE + i,
      follow: 'follow',
      includeSpecials: false,
      hidden: false,
      snoozedUntil: null,
    })),
    inbox: [],
    settings: {},
  };
  return JSON.stringify(doc);
}

/** Trakt's `watched-history.json`: `SHAPE.importRows` plays, newest first as Trakt writes them. */
export function traktHistoryText(now: number, seed: number): string {
  const random = prng(seed + 3);
  const start = now - 2 * 365 * DAY;
  const rows = Array.from({ length: SHAPE.importRows }, (_, n) => {
    const watched = new Date(start + Math.floor(random() * (now - start) - DAY)).toISOString();
    const id = 5_000_000_000 + n;
    if (random() < 0.7) {
      const film = cachedFilm(400_001, Math.floor(random() * 200_000));
      return {
        id,
        watched_at: watched,
        action: 'watch',
        type: 'movie',
        movie: {
          title: `Film ${String(film)}`,
          year: 1950 + (film % 75),
          ids: { trakt: film + 7, slug: `film-${String(film)}`, imdb: null, tmdb: film },
        },
      };
    }
    const { series, season, episode } = episodeOf(random);
    return {
      id,
      watched_at: watched,
      action: 'watch',
      type: 'episode',
      episode: {
        season,
        number: episode,
        title: `Episode ${String(episode)}`,
        ids: { trakt: null, tvdb: null, imdb: null, tmdb: null },
      },
      show: {
        title: `Series ${String(series - FOLLOWED_BASE)}`,
        year: 2010,
        ids: { trakt: series + 3, slug: `series-${String(series)}`, tmdb: series },
      },
    };
  });
  rows.sort((a, b) => (a.watched_at < b.watched_at ? 1 : a.watched_at > b.watched_at ? -1 : 0));
  return JSON.stringify(rows);
}
