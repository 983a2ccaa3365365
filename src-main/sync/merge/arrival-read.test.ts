import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arrivalKey, type NewInboxItem } from '../../tracking/store/inbox';
import { createInboxStore } from '../../tracking/store/inbox';
import type { SharedChange } from '../../changes/types';
import { T0, device, type Device } from './testing/devices';

const arrival = (mediaType: 'movie' | 'tv', id: number): NewInboxItem => ({
  dedupeKey: arrivalKey(mediaType, id, 'US', 8),
  kind: 'arrival',
  mediaId: id,
  season: null,
  episode: null,
  releaseType: null,
  title: 'Arrival',
  body: 'is now on Netflix',
  occurredAt: '2026-01-10',
});

/*
 * An arrival is read by its key (film or series, region, provider): read on one computer, the
 * same arrival is read on the other, and an older file without those fields still reads.
 */
describe('reading an arrival on another computer', () => {
  let a: Device;
  let b: Device;
  beforeEach(() => {
    a = device('a');
    b = device('b', { now: T0 + 60_000 });
    for (const d of [a, b])
      createInboxStore(d.db).add([arrival('movie', 329865), arrival('tv', 1399)], T0);
  });
  afterEach(() => {
    a.close();
    b.close();
  });

  const unreadKeys = (d: Device): string[] =>
    d.db
      .prepare(
        `SELECT dedupe_key FROM inbox WHERE read_at IS NULL AND kind = 'arrival'
         ORDER BY dedupe_key`,
      )
      .pluck()
      .all() as string[];

  it('reads the same arrival there, and only that one', async () => {
    const film = a.tracking.inbox().find((i) => i.mediaType === 'movie');
    expect(film).toMatchObject({ kind: 'arrival', mediaId: 329865, mediaType: 'movie' });
    a.tracking.markRead([film?.id ?? 0]);
    const shared = a.own();
    expect(shared.at(-1)?.data).toMatchObject({
      items: [
        { kind: 'arrival', mediaId: 329865, mediaType: 'movie', region: 'US', providerId: 8 },
      ],
    });
    await b.receive(shared);
    expect(unreadKeys(b)).toEqual(['arrival:tv:1399:US:8']);
  });

  it('still reads an older computer’s episode reads, without the new fields', async () => {
    const older: SharedChange = {
      id: 'older-1',
      hlc: `${String(T0 + 1000)}-000000`,
      device: 'older',
      domain: 'inbox',
      kind: 'inbox.read',
      entity: 'inbox',
      data: {
        readAt: T0 + 1000,
        items: [
          { kind: 'episode', mediaId: 1, season: 1, episode: 1, releaseType: null, region: null },
        ],
      },
    };
    const adopted = await b.receive([older]);
    expect(adopted.map((c) => c.id)).toEqual(['older-1']);
    expect(unreadKeys(b)).toContain('arrival:movie:329865:US:8');
  });
});
