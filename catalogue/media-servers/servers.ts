/** The media-server stand-ins (Jellyfin, Plex, Kodi) and the library they serve. */
export { startJellyfinStandIn } from './jellyfin';
export type { JellyfinStandIn, JellyfinStandInOptions, JellyfinUser } from './jellyfin';
export { startPlexStandIn } from './plex';
export type { PlexAccount, PlexStandIn, PlexStandInOptions } from './plex';
export { kodiTime, startKodiStandIn } from './kodi';
export type { KodiStandIn, KodiStandInOptions } from './kodi';
export { LIBRARY_BASE_TIME, standInLibrary } from './library';
export type {
  LibraryOptions,
  StandInEpisode,
  StandInFilm,
  StandInLibrary,
  StandInSeries,
} from './library';
export { LARGE_SEASON_LENGTH, largeIds, largeLibrary, largeShape } from './large-library';
export type { LargeLibraryOptions } from './large-library';
