import type { PlayView } from '../../src-shared/ipc/contract';

const LABELS: Record<Exclude<PlayView['source'], 'marquee'>, string> = {
  letterboxd: 'Letterboxd',
  trakt: 'Trakt',
  imdb: 'IMDb',
  backup: 'Backup',
  jellyfin: 'Jellyfin',
  plex: 'Plex',
  kodi: 'Kodi',
  emby: 'Emby',
};

/** Where a play came from, as a row says it; null for a play marked in Marquee. */
export function sourceLabel(source: PlayView['source']): string | null {
  return source === 'marquee' ? null : LABELS[source];
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "S01E02" for an episode's place, or null when it is not known. */
export function episodeCode(season: number | null, episode: number | null): string | null {
  return season === null || episode === null ? null : `S${pad(season)}E${pad(episode)}`;
}
