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
import { formField, isForm } from './multipart';

/**
 * Emby's webhooks (Emby Premiere): older servers post a form with the JSON in its `data` field,
 * newer ones (4.9+, "application/json") post the JSON itself.
 */

const providerId = optional(z.union([z.string().max(100), z.number()]));

const payload = z.object({
  Event: z.string().max(100),
  Date: optional(z.string().max(100)),
  User: z.object({ Name: boundedText(), Id: optional(itemKey) }).loose(),
  Item: z
    .object({
      Id: itemKey,
      Type: z.string().max(50),
      Name: optional(boundedText()),
      SeriesName: optional(boundedText()),
      ProductionYear: optional(looseCount),
      ParentIndexNumber: optional(looseCount),
      IndexNumber: optional(looseCount),
      RunTimeTicks: optional(looseCount),
      ProviderIds: optional(
        z.object({ Tmdb: providerId, Imdb: providerId, Tvdb: providerId }).loose(),
      ),
    })
    .loose(),
  PlaybackInfo: optional(
    z
      .object({
        PositionTicks: optional(looseCount),
        PlayedToCompletion: optional(looseBoolean),
      })
      .loose(),
  ),
});

const EVENTS = new Map<string, CaptureEvent['kind']>([
  ['playback.stop', 'stop'],
  ['playback.scrobble', 'scrobble'],
  ['item.markplayed', 'played'],
]);

export async function parseEmby(request: WebhookRequest): Promise<ParseResult> {
  let body: Uint8Array | string = request.body;
  if (isForm(request.contentType)) {
    const field = await formField(request.body, request.contentType, 'data');
    if (!field.ok) return field;
    body = field.value;
  }
  const json = readJson(body);
  if (!json.ok) return json;
  const announced = eventName(json.value, 'Event');
  if (!announced.ok) return announced;
  const kind = EVENTS.get(announced.name);
  if (kind === undefined) return ignore();
  const parsed = payload.safeParse(json.value);
  if (!parsed.success) return reject(schemaReason(parsed.error));
  const { User: user, Item: item, PlaybackInfo: playback } = parsed.data;
  const media = mediaOf(item.Type);
  if (media === null) return ignore();
  if (user.Name === '') return reject('the payload names no user');
  const provider = item.ProviderIds ?? {};
  const event: CaptureEvent = {
    server: request.server.kind,
    serverId: request.server.id,
    account: user.Name,
    accountName: user.Name,
    kind,
    itemKey: item.Id,
    media,
    ids: externalIds({ tmdb: provider.Tmdb, imdb: provider.Imdb, tvdb: provider.Tvdb }),
    title: (media === 'episode' ? item.SeriesName : item.Name) || null,
    year: media === 'movie' ? (item.ProductionYear ?? null) : null,
    season: media === 'episode' ? (item.ParentIndexNumber ?? null) : null,
    episode: media === 'episode' ? (item.IndexNumber ?? null) : null,
    progress: kind === 'played' ? null : progressOf(playback?.PositionTicks, item.RunTimeTicks),
    completed: kind === 'stop' ? (playback?.PlayedToCompletion ?? null) : true,
    at: instantOr(parsed.data.Date, request.receivedAt),
  };
  return accept([event]);
}
