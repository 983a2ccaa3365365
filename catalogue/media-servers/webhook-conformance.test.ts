import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  embyBody,
  jellyfinBody,
  plexBody,
  type EmbyEvent,
  type JellyfinEvent,
  type PlexEvent,
  type WebhookBody,
  type WebhookPlay,
} from './webhook-senders';

/**
 * The stand-ins' bodies against payloads recorded from public sources (the capture webhooks'
 * samples, each naming its source): the same transport, every field a recorded payload shares
 * with the stand-in of the same JSON type, the fields Marquee reads present in both, and no field
 * that no recorded payload of that server has.
 */

interface Sample {
  file: string;
  source: string;
  transport: 'json' | 'form:payload' | 'form:data';
  payload: Record<string, unknown>;
}

const folder = new URL('../../src-main/capture/webhooks/samples/', import.meta.url);
const samples: Sample[] = readdirSync(folder)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({
    file,
    ...(JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Omit<Sample, 'file'>),
  }));

/** Every leaf of a JSON value by path (array items as `[]`), with its JSON type. */
function shape(value: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    for (const item of value) shape(item, `${path}[]`, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) shape(v, path ? `${path}.${key}` : key, out);
  } else out.set(path, value === null ? 'null' : typeof value);
  return out;
}

/** The fields Marquee's parsers read, where a recorded payload has them. */
const READ: Record<string, string[]> = {
  jellyfin: [
    'NotificationType',
    'ItemType',
    'ItemId',
    'Name',
    'SeriesName',
    'SeasonNumber',
    'EpisodeNumber',
    'Year',
    'Provider_tmdb',
    'Provider_imdb',
    'Provider_tvdb',
    'RunTimeTicks',
    'PlaybackPositionTicks',
    'PlayedToCompletion',
    'Played',
    'SaveReason',
    'UserId',
    'NotificationUsername',
    'UtcTimestamp',
  ],
  plex: [
    'event',
    'Account.id',
    'Account.title',
    'Metadata.type',
    'Metadata.ratingKey',
    'Metadata.guid',
    'Metadata.Guid[].id',
    'Metadata.title',
    'Metadata.grandparentTitle',
    'Metadata.parentIndex',
    'Metadata.index',
    'Metadata.year',
    'Metadata.viewOffset',
    'Metadata.duration',
  ],
  emby: [
    'Event',
    'Date',
    'User.Name',
    'Item.Id',
    'Item.Type',
    'Item.Name',
    'Item.SeriesName',
    'Item.ParentIndexNumber',
    'Item.IndexNumber',
    'Item.RunTimeTicks',
    'Item.ProviderIds.Tvdb',
    'Item.ProviderIds.Imdb',
    'PlaybackInfo.PositionTicks',
    'PlaybackInfo.PlayedToCompletion',
  ],
};

/** Stand-in fields no recorded payload happens to carry, and why they are sent. */
const ALSO_SENT = new Set([
  // Emby names its provider ids Tmdb, Imdb and Tvdb (MEDIA-SERVERS.md); films carry Tmdb.
  'Item.ProviderIds.Tmdb',
  'Item.ProductionYear',
]);

const serverOf = (file: string) => file.split('-')[0] ?? '';

/** The stand-in's body for the same event and kind of item as a sample. */
function standIn(s: Sample): WebhookBody {
  const p = s.payload;
  const metadata = (p.Metadata ?? {}) as Record<string, unknown>;
  const item = (p.Item ?? {}) as Record<string, unknown>;
  const type = String(p.ItemType ?? metadata.type ?? item.Type).toLowerCase();
  const play: WebhookPlay = {
    media: type === 'episode' ? 'episode' : 'movie',
    itemId: serverOf(s.file) === 'jellyfin' ? '4f0c9d2a7b1e4c3f8a6d5e4b3c2a1f0e' : '4412',
    title: 'Pilot',
    year: 2020,
    seriesTitle: 'Friends',
    season: 1,
    episode: 1,
    ids: { imdb: 'tt0583459', tmdb: '85987', tvdb: '303821' },
    ...(typeof metadata.guid === 'string' && metadata.guid.startsWith('com.plexapp')
      ? { legacyGuid: metadata.guid, ids: {} }
      : {}),
    runtimeMs: 2_625_089,
    positionMs: 2_551_000,
    user: { id: '19084402', name: 'Anna' },
    at: Date.UTC(2026, 7, 1, 20, 14, 3),
  };
  switch (serverOf(s.file)) {
    case 'jellyfin': {
      const template = Object.values(p).some((v) => v === 'True' || v === 'False');
      return jellyfinBody(p.NotificationType as JellyfinEvent, play, {
        style: template ? 'template' : 'all-properties',
        dashedIds: template,
      });
    }
    case 'plex':
      return plexBody(p.event as PlexEvent, play, { thumbnail: new Uint8Array(64).fill(0xff) });
    default:
      return embyBody(p.Event as EmbyEvent, play, {
        format: s.transport === 'form:data' ? 'form' : 'json',
      });
  }
}

/** The JSON a body carries: itself, or its form's `payload` or `data` field. */
async function carried(body: WebhookBody, transport: Sample['transport']): Promise<unknown> {
  if (transport === 'json') return JSON.parse(new TextDecoder().decode(body.body)) as unknown;
  expect(body.contentType).toMatch(/^multipart\/form-data; boundary=/);
  const response = new Response(body.body, { headers: { 'content-type': body.contentType } });
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const form = await response.formData();
  const field = form.get(transport === 'form:payload' ? 'payload' : 'data');
  expect(typeof field).toBe('string');
  return JSON.parse(field as string) as unknown;
}

describe('webhook stand-ins against recorded payloads', () => {
  it('has recorded payloads for every server, each naming its source', () => {
    expect(new Set(samples.map((s) => serverOf(s.file)))).toEqual(
      new Set(['jellyfin', 'plex', 'emby']),
    );
    for (const s of samples) expect(s.source.length).toBeGreaterThan(20);
  });

  for (const s of samples) {
    it(`${s.file}: same transport, same field types, the read fields present`, async () => {
      const recorded = shape(s.payload);
      const sent = shape(await carried(standIn(s), s.transport));
      for (const [path, type] of sent) {
        if (recorded.has(path)) expect([path, type]).toEqual([path, recorded.get(path)]);
      }
      for (const path of READ[serverOf(s.file)] ?? []) {
        if (recorded.has(path)) expect([path, sent.has(path)]).toEqual([path, true]);
      }
    });
  }

  for (const server of ['jellyfin', 'plex', 'emby']) {
    it(`${server}: the stand-in sends no field that no recorded payload has`, async () => {
      const mine = samples.filter((s) => serverOf(s.file) === server);
      const known = new Set(mine.flatMap((s) => [...shape(s.payload).keys()]));
      for (const s of mine) {
        for (const path of shape(await carried(standIn(s), s.transport)).keys()) {
          if (!ALSO_SENT.has(path)) expect([path, known.has(path)]).toEqual([path, true]);
        }
      }
    });
  }
});
