import type { ServerKind } from '../../src-shared/ipc/contract/capture';

export type { ServerKind };

/**
 * Ids a media server gives for an item, as strings, each optional. On an episode these are the
 * EPISODE's ids on every server (Jellyfin's `Provider_*`, Plex's `Guid[]`, Kodi's and Emby's
 * `uniqueid`/`ProviderIds`): the series is found through TMDB's find-by-external-id
 * (`tv_episode_results` gives `show_id`, season and number).
 */
export interface ExternalIds {
  tmdb?: string;
  imdb?: string;
  tvdb?: string;
  /** A Plex legacy agent guid: `com.plexapp.agents.thetvdb://468006/1/1?lang=en`, `…imdb://tt…`. */
  legacyGuid?: string;
}

/** One thing a media server said about a viewing, in one shape whatever the server. */
export interface CaptureEvent {
  server: ServerKind;
  /** Marquee's id for the configured server it came from. */
  serverId: string;
  /** The server's account (Plex `Account.id`, Jellyfin `UserId`, Emby `User.Name`, Kodi `kodi`). */
  account: string;
  accountName: string;
  /**
   * `stop`: playback stopped (Jellyfin PlaybackStop, Plex media.stop, Emby playback.stop, Kodi
   * Player.OnStop); `scrobble`: the server says it was watched (Plex media.scrobble, Emby
   * playback.scrobble); `played`: marked played in the library (Jellyfin UserDataSaved with
   * Played, Emby item.markplayed, Kodi VideoLibrary.OnUpdate with playcount > 0).
   */
  kind: 'stop' | 'scrobble' | 'played';
  /** The server's own id of the item, so one viewing announced twice is seen as one. */
  itemKey: string;
  media: 'movie' | 'episode';
  /** The item's own ids (the episode's, for an episode). */
  ids: ExternalIds;
  /** The series' ids, when the server gives them (Kodi's GetTVShowDetails, a Jellyfin series). */
  seriesIds?: ExternalIds;
  /** Film title or series name, bounded; used only as a last resort, and then for review. */
  title: string | null;
  year: number | null;
  season: number | null;
  episode: number | null;
  /** How far it was played, 0..1, when the server says. */
  progress: number | null;
  /** The server says it was played to completion (by its own rule). */
  completed: boolean | null;
  /** When it happened, ms since the epoch (the server's time when given, else when received). */
  at: number;
}

/** One played item read from a server's library in a backfill. */
export interface BackfillItem {
  server: ServerKind;
  serverId: string;
  account: string;
  itemKey: string;
  media: 'movie' | 'episode';
  ids: ExternalIds;
  seriesIds?: ExternalIds;
  title: string | null;
  year: number | null;
  season: number | null;
  episode: number | null;
  playCount: number;
  /** ms since the epoch, or null when the server does not know. */
  lastPlayedAt: number | null;
}

/** What the capture service made of an event. */
export type CaptureOutcome =
  | { kind: 'added'; playUid: string }
  | { kind: 'duplicate'; playUid: string | null }
  | { kind: 'not-watched'; reason: string }
  | { kind: 'ignored'; reason: string }
  | { kind: 'review'; reviewId: number };

/** Where parsed events go: the capture service. */
export interface CaptureSink {
  receive(event: CaptureEvent): Promise<CaptureOutcome>;
}

/** A configured media server, as the capture service keeps it (its token is in the keychain). */
export interface ServerConfig {
  id: string;
  kind: ServerKind;
  name: string;
  /** The server's address (Kodi: its web server, e.g. http://127.0.0.1:8080); null for webhook-only. */
  url: string | null;
  /** `local`: the webhook listener answers 127.0.0.1 only; `network`: opted in per server. */
  listen: 'local' | 'network';
  thresholdPercent: number;
  /** Accounts whose plays count; empty until the user chooses. */
  chosenAccounts: readonly string[];
  /** The random secret in this server's webhook path (`/capture/<secret>`). */
  secret: string;
}

/** What signs Marquee in to a server; kept in the keychain, never in SQLite, logs or the renderer. */
export interface ServerSecrets {
  token?: string;
  username?: string;
  password?: string;
}

export interface ServerAccountInfo {
  id: string;
  name: string;
}

/** What one server's client does beyond webhooks. */
export interface Connector {
  /** Connects now and lists the server's accounts; throws a CodedError with a plain sentence. */
  test(): Promise<ServerAccountInfo[]>;
  /** Starts following plays where the server pushes or must be polled (Kodi, Plex without Pass). */
  start?(sink: CaptureSink): void;
  stop?(): Promise<void>;
  /** Reads the played films and episodes, a page at a time, until done or aborted. */
  backfill?(onPage: (items: BackfillItem[]) => Promise<void>, signal: AbortSignal): Promise<void>;
  /**
   * The chosen accounts' films and episodes last played after `after` (ms since the epoch, by the
   * server's clock), newest first, for a server followed by reading it (Jellyfin without its
   * webhook plugin); with `after` null, each chosen account's last played item only (where its
   * history ends). Bounded: a server that played more since reads only the newest.
   */
  playedSince?(after: number | null, signal: AbortSignal): Promise<BackfillItem[]>;
}

export interface ConnectorDeps {
  /** undici's or a test's fetch. */
  fetch: typeof fetch;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
}

export type ConnectorFactory = (
  server: ServerConfig,
  secrets: ServerSecrets,
  deps: ConnectorDeps,
) => Connector;
