import { z } from 'zod';
import type { CaptureEvent } from '../types';
import {
  accept,
  boundedText,
  eventName,
  externalIds,
  ignore,
  instantOr,
  itemKey,
  looseBoolean,
  looseCount,
  mediaOf,
  optional,
  progressOf,
  readJson,
  reject,
  schemaReason,
  type ParseResult,
  type WebhookRequest,
} from './common';

/**
 * Jellyfin's official webhook plugin ("Generic" destination): flat JSON, either a template's
 * output (booleans as `True`/`False`, numbers maybe as text) or "Send All Properties". The body is
 * read as JSON whatever its Content-Type says (the plugin's default is text/plain). One request
 * per event and per user in the session.
 */

const payload = z.object({
  NotificationType: z.string().max(100),
  ItemType: optional(z.string().max(100)),
  ItemId: optional(itemKey),
  Name: optional(boundedText()),
  SeriesName: optional(boundedText()),
  Year: optional(looseCount),
  SeasonNumber: optional(looseCount),
  EpisodeNumber: optional(looseCount),
  Provider_tmdb: optional(z.union([z.string().max(100), z.number()])),
  Provider_imdb: optional(z.string().max(100)),
  Provider_tvdb: optional(z.union([z.string().max(100), z.number()])),
  RunTimeTicks: optional(looseCount),
  PlaybackPositionTicks: optional(looseCount),
  PlayedToCompletion: optional(looseBoolean),
  Played: optional(looseBoolean),
  SaveReason: optional(z.string().max(100)),
  UserId: optional(itemKey),
  NotificationUsername: optional(boundedText()),
  Username: optional(boundedText()),
  UtcTimestamp: optional(z.string().max(100)),
});
type Payload = z.infer<typeof payload>;

/**
 * UserDataSaved fires for every change of a user's data (a rating, a resume position); only
 * marking played, or a playback that finished, says the item was watched.
 */
const PLAYED_REASONS = new Set(['TogglePlayed', 'PlaybackFinished']);

export function parseJellyfin(request: WebhookRequest): ParseResult {
  const json = readJson(request.body);
  if (!json.ok) return json;
  const announced = eventName(json.value, 'NotificationType');
  if (!announced.ok) return announced;
  const type = announced.name;
  if (type !== 'PlaybackStop' && type !== 'UserDataSaved') return ignore();
  const parsed = payload.safeParse(json.value);
  if (!parsed.success) return reject(schemaReason(parsed.error));
  const p = parsed.data;
  const media = mediaOf(p.ItemType);
  if (media === null) return ignore();
  if (type === 'UserDataSaved' && (p.Played !== true || !playedReason(p.SaveReason)))
    return ignore();
  if (p.ItemId === undefined) return reject('the payload has no ItemId');
  const account = p.UserId ?? p.NotificationUsername ?? p.Username;
  if (account === undefined || account === '') return reject('the payload names no user');
  const stop = type === 'PlaybackStop';
  const event: CaptureEvent = {
    server: request.server.kind,
    serverId: request.server.id,
    account,
    accountName: p.NotificationUsername || p.Username || account,
    kind: stop ? 'stop' : 'played',
    itemKey: p.ItemId,
    media,
    ids: externalIds({ tmdb: p.Provider_tmdb, imdb: p.Provider_imdb, tvdb: p.Provider_tvdb }),
    title: titleOf(p, media),
    year: media === 'movie' ? (p.Year ?? null) : null,
    season: media === 'episode' ? (p.SeasonNumber ?? null) : null,
    episode: media === 'episode' ? (p.EpisodeNumber ?? null) : null,
    progress: stop ? progressOf(p.PlaybackPositionTicks, p.RunTimeTicks) : null,
    completed: stop ? (p.PlayedToCompletion ?? null) : true,
    at: instantOr(p.UtcTimestamp, request.receivedAt),
  };
  return accept([event]);
}

const playedReason = (reason: string | undefined): boolean =>
  reason === undefined || PLAYED_REASONS.has(reason);

function titleOf(p: Payload, media: 'movie' | 'episode'): string | null {
  const title = media === 'episode' ? p.SeriesName : p.Name;
  return title ? title : null;
}
