import type { ReceivingServer } from './receive';
import type { CaptureEvent } from './types';

/** The demo's built-in media server: plays a demo title to the end on request. */
export const SIMULATED_SERVER: ReceivingServer = {
  id: 'demo-server',
  kind: 'jellyfin',
  name: 'Demo media server',
  thresholdPercent: 90,
  chosenAccounts: ['demo'],
};

export interface SimulatedPlay {
  mediaType: 'movie' | 'episode';
  id: number;
  season?: number | undefined;
  episode?: number | undefined;
}

/** What the simulated server announces when it has played `play` to the end, at `now`. */
export function simulatedEvent(play: SimulatedPlay, now: number): CaptureEvent {
  const episode = play.mediaType === 'episode';
  const season = episode ? (play.season ?? 1) : null;
  const number = episode ? (play.episode ?? 1) : null;
  return {
    server: SIMULATED_SERVER.kind,
    serverId: SIMULATED_SERVER.id,
    account: 'demo',
    accountName: 'Demo',
    kind: 'stop',
    itemKey: episode
      ? `episode-${String(play.id)}-${String(season)}-${String(number)}`
      : `movie-${String(play.id)}`,
    media: play.mediaType,
    ids: episode ? {} : { tmdb: String(play.id) },
    ...(episode ? { seriesIds: { tmdb: String(play.id) } } : {}),
    title: null,
    year: null,
    season,
    episode: number,
    progress: 1,
    completed: true,
    at: now,
  };
}
