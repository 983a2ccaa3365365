import type { ConnectorFactory, ServerKind } from '../types';
import { jellyfinConnector } from './jellyfin';
import { kodiConnector } from './kodi';
import { plexConnector } from './plex';

export { readLocalPlexToken } from './plex-token';

/**
 * The server clients by kind. Emby has none yet: its plays arrive by webhook only. A server that
 * only sends webhooks needs no client; one that must be asked (Kodi, Plex without Plex Pass) or
 * read for a backfill has one here.
 */
export const connectors: Readonly<Partial<Record<ServerKind, ConnectorFactory>>> = {
  jellyfin: jellyfinConnector,
  plex: plexConnector,
  kodi: kodiConnector,
};
