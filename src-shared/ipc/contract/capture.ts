import { z } from 'zod';
import type { Domain } from './domain';
import { id, noInput } from './models';

/**
 * Play capture from the media servers people run at home (Jellyfin, Plex, Kodi, Emby): a viewing
 * there becomes one play in Marquee's history, through the same change path as a play marked by
 * hand, so it can be undone and is kept like any other.
 */

export const serverKind = z.enum(['jellyfin', 'plex', 'kodi', 'emby']);
export type ServerKind = z.infer<typeof serverKind>;

const serverId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'expected a server id');
/** An http(s) address of a server on this computer or the home network. */
const serverUrl = z
  .url()
  .max(2_000)
  .refine((u) => /^https?:\/\//i.test(u), 'expected an http:// or https:// address');
const shortText = z.string().max(200);

/** How Marquee signs in to a server: a token the user pastes, or a Jellyfin/Emby user's password. */
export const serverAuth = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('token'), token: z.string().min(1).max(500) }),
  z.object({
    kind: z.literal('password'),
    username: z.string().min(1).max(200),
    password: z.string().max(500),
  }),
  /** Plex on this computer: the server's own token, read from its preferences with consent. */
  z.object({ kind: z.literal('local-plex'), consent: z.literal(true) }),
]);

export const serverAccount = z.object({
  id: shortText,
  name: shortText,
  /** Only chosen accounts' plays count (Plex and Jellyfin announce every user of the server). */
  chosen: z.boolean(),
});

export const serverStatus = z.object({
  state: z.enum(['connected', 'listening', 'unreachable', 'refused', 'idle']),
  /** One plain sentence; never a token. */
  message: shortText,
  lastEventAt: z.number().int().nullable(),
});

export const mediaServer = z.object({
  id: serverId,
  kind: serverKind,
  name: shortText,
  url: serverUrl.nullable(),
  accounts: z.array(serverAccount),
  /** Percent watched that counts as a viewing when the server does not say "completed". */
  thresholdPercent: z.number().int().min(50).max(100),
  /** `local`: the webhook listener answers this computer only; `network`: the home network too. */
  listen: z.enum(['local', 'network']),
  /** The address to paste into the server's webhook settings (with its secret path); null for Kodi. */
  webhookUrl: z.string().nullable(),
  status: serverStatus,
});
export type MediaServerView = z.infer<typeof mediaServer>;

export const capturedPlay = z.object({
  playUid: z.string().min(1).max(100),
  server: serverKind,
  serverName: shortText,
  account: shortText,
  mediaType: z.enum(['movie', 'episode']),
  mediaId: id,
  season: z.number().int().nullable(),
  episode: z.number().int().nullable(),
  /** The film's title or the episode's series name: TMDB's once known, the server's until then. */
  title: z.string().nullable(),
  /** TMDB's title of the episode, once its season is kept; null for a film or until then. */
  episodeTitle: z.string().nullable(),
  watchedAt: z.number().int().nullable(),
  capturedAt: z.number().int(),
});
export type CapturedPlayView = z.infer<typeof capturedPlay>;

/** A viewing that could not be matched to a TMDB title: it waits for the user, never guessed. */
export const reviewItem = z.object({
  id: z.number().int().positive(),
  server: serverKind,
  serverName: shortText,
  mediaType: z.enum(['movie', 'episode']),
  title: z.string().nullable(),
  year: z.number().int().nullable(),
  season: z.number().int().nullable(),
  episode: z.number().int().nullable(),
  watchedAt: z.number().int().nullable(),
  reason: shortText,
});
export type ReviewItemView = z.infer<typeof reviewItem>;

export const backfillProgress = z.object({
  serverId,
  running: z.boolean(),
  done: z.number().int(),
  total: z.number().int(),
  added: z.number().int(),
  review: z.number().int(),
  failed: z.number().int(),
  message: shortText.nullable(),
});

export const captureChannels = {
  'capture.servers': { input: noInput, output: z.object({ servers: z.array(mediaServer) }) },
  /** Servers answering on this computer's usual ports (Jellyfin 8096, Plex 32400, Kodi 8080/9090). */
  'capture.discover': {
    input: noInput,
    output: z.object({ found: z.array(z.object({ kind: serverKind, url: serverUrl })) }),
  },
  'capture.addServer': {
    input: z.object({
      kind: serverKind,
      url: serverUrl.nullable(),
      name: shortText.optional(),
      auth: serverAuth,
    }),
    output: mediaServer,
  },
  /** Connects now: the server's accounts, or a plain reason it could not. */
  'capture.testServer': { input: z.object({ serverId }), output: mediaServer },
  'capture.updateServer': {
    input: z.object({
      serverId,
      name: shortText.optional(),
      chosenAccounts: z.array(shortText).max(200).optional(),
      thresholdPercent: z.number().int().min(50).max(100).optional(),
      listen: z.enum(['local', 'network']).optional(),
    }),
    output: mediaServer,
  },
  /** Stops listening and forgets the server and its token; captured plays stay in the history. */
  'capture.removeServer': {
    input: z.object({ serverId }),
    output: z.object({ ok: z.literal(true) }),
  },
  /** Reads the server's played items once (films and episodes) into the history. */
  'capture.backfill': { input: z.object({ serverId }), output: backfillProgress },
  /**
   * Stops a server's back fill that is running; the plays read so far stay. Its last progress
   * follows as a `capture.backfill` event. `stopping` is false when none was running.
   */
  'capture.cancelBackfill': {
    input: z.object({ serverId }),
    output: z.object({ stopping: z.boolean() }),
  },
  'capture.captured': {
    input: z.object({
      limit: z.number().int().min(1).max(500).default(100),
      offset: z.number().int().min(0).default(0),
    }),
    output: z.object({ plays: z.array(capturedPlay), total: z.number().int() }),
  },
  'capture.review': { input: noInput, output: z.object({ items: z.array(reviewItem) }) },
  /** Matches a waiting viewing to a TMDB title (it becomes a play), or lets it go. */
  'capture.resolve': {
    input: z.object({
      reviewId: z.number().int().positive(),
      choice: z.union([
        z.object({ mediaType: z.enum(['movie', 'tv']), id }),
        z.object({ skip: z.literal(true) }),
      ]),
    }),
    output: z.object({ items: z.array(reviewItem) }),
  },
  /** Demo mode only: the built-in simulated server plays a demo title to the end. */
  'capture.simulatePlay': {
    input: z.object({
      mediaType: z.enum(['movie', 'episode']),
      id,
      season: z.number().int().min(0).optional(),
      episode: z.number().int().min(0).optional(),
    }),
    output: z.object({ ok: z.literal(true) }),
  },
} as const;

export const captureEvents = {
  /** Servers, the captured list or the review list changed. */
  'capture.changed': z.object({ serverIds: z.array(serverId) }),
  'capture.backfill': backfillProgress,
} as const;

export type CaptureChannel = keyof typeof captureChannels;
export type CaptureEvent = keyof typeof captureEvents;

export const captureDomain = {
  channels: captureChannels,
  events: captureEvents,
} satisfies Domain;
