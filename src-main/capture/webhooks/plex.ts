import { z } from 'zod';
import type { CaptureEvent } from '../types';
import {
  accept,
  boundedText,
  eventName,
  externalIds,
  ignore,
  itemKey,
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
import { formField } from './multipart';

/**
 * Plex Media Server's webhooks (Plex Pass): multipart/form-data with the JSON in the `payload`
 * field, sometimes with a thumbnail part (never read). They fire for the owner and every shared
 * user; `media.scrobble` past 90%, `media.stop` whenever playback stops.
 */

const guidList = z
  .array(z.object({ id: z.string().max(300) }).loose())
  .max(50)
  .transform((list) => {
    const of = (scheme: string) =>
      list.find((g) => g.id.startsWith(`${scheme}://`))?.id.slice(scheme.length + 3);
    return externalIds({ imdb: of('imdb'), tmdb: of('tmdb'), tvdb: of('tvdb') });
  });

const payload = z.object({
  event: z.string().max(100),
  Account: z.object({ id: itemKey, title: optional(boundedText()) }).loose(),
  Metadata: z
    .object({
      type: z.string().max(50),
      ratingKey: itemKey,
      guid: optional(z.string().max(300)),
      Guid: optional(guidList),
      title: optional(boundedText()),
      grandparentTitle: optional(boundedText()),
      parentIndex: optional(looseCount),
      index: optional(looseCount),
      year: optional(looseCount),
      viewOffset: optional(looseCount),
      duration: optional(looseCount),
    })
    .loose(),
});

const EVENTS = new Map<string, CaptureEvent['kind']>([
  ['media.scrobble', 'scrobble'],
  ['media.stop', 'stop'],
]);

export async function parsePlex(request: WebhookRequest): Promise<ParseResult> {
  const field = await formField(request.body, request.contentType, 'payload');
  if (!field.ok) return field;
  const json = readJson(field.value);
  if (!json.ok) return json;
  const announced = eventName(json.value, 'event');
  if (!announced.ok) return announced;
  const kind = EVENTS.get(announced.name);
  if (kind === undefined) return ignore();
  const parsed = payload.safeParse(json.value);
  if (!parsed.success) return reject(schemaReason(parsed.error));
  const { Account: account, Metadata: m } = parsed.data;
  const media = mediaOf(m.type);
  if (media === null) return ignore();
  const ids = { ...m.Guid, ...externalIds({ legacyGuid: m.guid }) };
  const progress = progressOf(m.viewOffset, m.duration);
  return accept([
    {
      server: request.server.kind,
      serverId: request.server.id,
      account: account.id,
      accountName: account.title || account.id,
      kind,
      itemKey: m.ratingKey,
      media,
      ids,
      title: (media === 'episode' ? m.grandparentTitle : m.title) || null,
      year: media === 'movie' ? (m.year ?? null) : null,
      season: media === 'episode' ? (m.parentIndex ?? null) : null,
      episode: media === 'episode' ? (m.index ?? null) : null,
      // A scrobble is Plex's word that it was watched, with or without an offset.
      progress,
      completed: kind === 'scrobble' ? true : null,
      at: request.receivedAt,
    },
  ]);
}
