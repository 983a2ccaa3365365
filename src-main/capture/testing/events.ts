import type { CaptureEvent } from '../types';

/** 2026-08-01 20:14:03 UTC: a Saturday evening in Europe. */
export const EVENING = Date.UTC(2026, 7, 1, 20, 14, 3);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A Jellyfin PlaybackStop of Breaking Bad 1x1 by alice, played to the end. */
export function jellyfinStop(over: Partial<CaptureEvent> = {}): CaptureEvent {
  return {
    server: 'jellyfin',
    serverId: 'jf-1',
    account: 'alice-id',
    accountName: 'alice',
    kind: 'stop',
    itemKey: '4f0c00aa',
    media: 'episode',
    ids: { tvdb: '349232', imdb: 'tt0959621' },
    title: 'Breaking Bad',
    year: null,
    season: 1,
    episode: 1,
    progress: 0.99,
    completed: true,
    at: EVENING,
    ...over,
  };
}

/** A film stopped on a server, with its TMDB id. */
export function filmStop(over: Partial<CaptureEvent> = {}): CaptureEvent {
  return {
    server: 'plex',
    serverId: 'plex-1',
    account: '19084402',
    accountName: 'Anna',
    kind: 'stop',
    itemKey: '5001',
    media: 'movie',
    ids: { tmdb: '550' },
    title: 'Fight Club',
    year: 1999,
    season: null,
    episode: null,
    progress: 0.95,
    completed: null,
    at: EVENING,
    ...over,
  };
}
