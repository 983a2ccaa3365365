import { describe, expect, it } from 'vitest';
import { embyBody, jellyfinBody, plexBody, type WebhookPlay } from '../../../catalogue';
import type { ParseResult } from './common';
import { parseEmby } from './emby';
import { parseJellyfin } from './jellyfin';
import { parsePlex } from './plex';
import { RECEIVED_AT, requestFor, serverConfig } from './testing/samples';

const jellyfin = serverConfig('jellyfin');
const plex = serverConfig('plex');
const emby = serverConfig('emby');
const encoder = new TextEncoder();

const film: WebhookPlay = {
  media: 'movie',
  itemId: '9b0d6a4c3e2f4a1b8c7d6e5f4a3b2c1d',
  title: 'October Sky',
  year: 1999,
  ids: { tmdb: '13466', imdb: 'tt0132477' },
  runtimeMs: 6_000_000,
  positionMs: 0,
  user: { id: '6ca19855a1f24b4c9f3b2e1d0c9b8a7f', name: 'alice' },
  at: Date.UTC(2026, 7, 1, 20, 0, 0),
};
const at = (fraction: number): WebhookPlay => ({ ...film, positionMs: film.runtimeMs * fraction });

function events(result: ParseResult) {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.events;
}

describe('partial plays give their progress on every server', () => {
  for (const fraction of [0.3, 0.89, 0.91]) {
    it(`${Math.round(fraction * 100)}%`, async () => {
      const play = at(fraction);
      const j = events(parseJellyfin(requestFor(jellyfinBody('PlaybackStop', play), jellyfin)));
      const p = events(
        await parsePlex(
          requestFor(
            plexBody('media.stop', { ...play, itemId: '15496', user: { id: '1', name: 'elan' } }),
            plex,
          ),
        ),
      );
      const e = events(
        await parseEmby(requestFor(embyBody('playback.stop', { ...play, itemId: '87146' }), emby)),
      );
      for (const event of [j[0], p[0], e[0]]) {
        expect(event?.progress).toBeCloseTo(fraction, 10);
        expect(event?.kind).toBe('stop');
      }
      expect(j[0]?.completed).toBe(fraction >= 0.9);
      expect(e[0]?.completed).toBe(fraction >= 0.9);
      expect(p[0]?.completed).toBeNull();
    });
  }
});

describe('Jellyfin', () => {
  it('reads the same stop from a template (True/False, dashed ids) and from all properties', () => {
    const play = at(0.95);
    const template = events(
      parseJellyfin(
        requestFor(
          jellyfinBody('PlaybackStop', play, { style: 'template', dashedIds: true }),
          jellyfin,
        ),
      ),
    );
    const plain = events(
      parseJellyfin(
        requestFor(
          jellyfinBody('PlaybackStop', play, { contentType: 'application/json' }),
          jellyfin,
        ),
      ),
    );
    expect(template).toEqual(plain);
    expect(plain[0]).toMatchObject({
      itemKey: film.itemId,
      account: film.user.id,
      completed: true,
      at: film.at,
    });
  });

  it('keeps duplicates: one stop per user in the session, each an event of its own', () => {
    const first = events(parseJellyfin(requestFor(jellyfinBody('PlaybackStop', at(1)), jellyfin)));
    const again = events(parseJellyfin(requestFor(jellyfinBody('PlaybackStop', at(1)), jellyfin)));
    const bob = events(
      parseJellyfin(
        requestFor(
          jellyfinBody('PlaybackStop', {
            ...at(1),
            user: { id: 'b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0', name: 'bob' },
          }),
          jellyfin,
        ),
      ),
    );
    expect(first).toEqual(again);
    expect(bob[0]).toMatchObject({
      account: 'b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0',
      accountName: 'bob',
      itemKey: film.itemId,
    });
  });

  it('reads played only when the user data says played by a play or by hand', () => {
    const saved = (reason: string, completed = true) =>
      parseJellyfin(
        requestFor(
          jellyfinBody(
            'UserDataSaved',
            { ...film, completed },
            { style: 'template', saveReason: reason },
          ),
          jellyfin,
        ),
      );
    expect(events(saved('TogglePlayed'))[0]).toMatchObject({ kind: 'played', completed: true });
    expect(events(saved('PlaybackFinished'))).toHaveLength(1);
    expect(events(saved('UpdateUserRating'))).toEqual([]);
    expect(events(saved('TogglePlayed', false))).toEqual([]);
  });

  it('ignores other events and other kinds of items', () => {
    expect(
      events(parseJellyfin(requestFor(jellyfinBody('PlaybackStart', film), jellyfin))),
    ).toEqual([]);
    expect(
      events(parseJellyfin(requestFor(jellyfinBody('PlaybackProgress', film), jellyfin))),
    ).toEqual([]);
    const song = {
      body: encoder.encode(
        JSON.stringify({
          NotificationType: 'PlaybackStop',
          ItemType: 'Audio',
          ItemId: 'x',
          UserId: 'u',
        }),
      ),
      contentType: 'text/plain',
    };
    expect(events(parseJellyfin(requestFor(song, jellyfin)))).toEqual([]);
  });

  it('an item with no usable id still comes out, its ids empty; junk ids are left out', () => {
    const unknown = { ...film, ids: {} };
    expect(
      events(
        parseJellyfin(
          requestFor(jellyfinBody('PlaybackStop', unknown, { style: 'template' }), jellyfin),
        ),
      )[0]?.ids,
    ).toEqual({});
    const junk = JSON.stringify({
      NotificationType: 'PlaybackStop',
      ItemType: 'Movie',
      ItemId: 'abc',
      UserId: 'u',
      Name: 'A\u202Egnp.exe\n<b>x</b>',
      Provider_tmdb: '<script>',
      Provider_imdb: 'javascript:alert(1)',
      Provider_tvdb: '0',
    });
    const [event] = events(
      parseJellyfin(
        requestFor({ body: encoder.encode(junk), contentType: 'application/json' }, jellyfin),
      ),
    );
    expect(event?.ids).toEqual({});
    expect(event?.title).toBe('Agnp.exe <b>x</b>');
    expect(event?.at).toBe(RECEIVED_AT);
  });

  it('refuses what it cannot read, with a 400 and no throw', () => {
    const refuse = (text: string | Uint8Array) =>
      parseJellyfin(
        requestFor(
          {
            body: typeof text === 'string' ? encoder.encode(text) : text,
            contentType: 'text/plain',
          },
          jellyfin,
        ),
      );
    expect(refuse('{"NotificationType": "PlaybackStop",')).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(refuse('[1, 2]')).toMatchObject({ ok: false, status: 400 });
    expect(refuse(new Uint8Array([0xff, 0xfe, 0x7b]))).toMatchObject({ ok: false, status: 400 });
    expect(
      refuse('{"NotificationType": "PlaybackStop", "ItemType": "Movie", "ItemId": "a"}'),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      refuse(
        '{"NotificationType": "PlaybackStop", "ItemType": "Movie", "ItemId": "a", "UserId": "u", "RunTimeTicks": "-5"}',
      ),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      refuse(
        '{"NotificationType": "PlaybackStop", "ItemType": "Movie", "ItemId": {"x": 1}, "UserId": "u"}',
      ),
    ).toMatchObject({ ok: false, status: 400 });
    expect(refuse('{"NotificationType": 5}')).toMatchObject({ ok: false, status: 400 });
  });

  it('keeps long text within bounds', () => {
    const long = { ...film, title: 'x'.repeat(50_000) };
    const [event] = events(parseJellyfin(requestFor(jellyfinBody('PlaybackStop', long), jellyfin)));
    expect(event?.title?.length).toBeLessThanOrEqual(300);
    expect(event?.title?.endsWith('…')).toBe(true);
  });
});

describe('Plex', () => {
  const episode: WebhookPlay = {
    media: 'episode',
    itemId: '28841',
    title: 'Explorers',
    seriesTitle: 'Bluey',
    season: 3,
    episode: 15,
    ids: { imdb: 'tt15551010', tmdb: '3366778', tvdb: '8858893' },
    runtimeMs: 420_000,
    positionMs: 400_000,
    user: { id: '19084402', name: 'Anna' },
    at: film.at,
  };

  it('reads a scrobble with a thumbnail part, and a shared user as its own account', async () => {
    const thumbnail = new Uint8Array(200_000).fill(0xd8);
    const owner = events(
      await parsePlex(requestFor(plexBody('media.scrobble', episode, { thumbnail }), plex)),
    );
    expect(owner[0]).toMatchObject({
      kind: 'scrobble',
      account: '19084402',
      accountName: 'Anna',
      season: 3,
      episode: 15,
      title: 'Bluey',
      completed: true,
    });
    const shared = events(
      await parsePlex(
        requestFor(
          plexBody(
            'media.scrobble',
            { ...episode, user: { id: '7', name: 'Ben' } },
            { owner: false },
          ),
          plex,
        ),
      ),
    );
    expect(shared[0]).toMatchObject({ account: '7', accountName: 'Ben', itemKey: '28841' });
  });

  it('reads an old agent guid into legacyGuid', async () => {
    const legacy = {
      ...episode,
      ids: {},
      legacyGuid: 'com.plexapp.agents.thetvdb://362829/1/1?lang=en',
    };
    const [event] = events(await parsePlex(requestFor(plexBody('media.stop', legacy), plex)));
    expect(event?.ids).toEqual({ legacyGuid: 'com.plexapp.agents.thetvdb://362829/1/1?lang=en' });
  });

  it('refuses a body that is not a form, or a form without its payload', async () => {
    const json = {
      body: encoder.encode('{"event":"media.scrobble"}'),
      contentType: 'application/json',
    };
    expect(await parsePlex(requestFor(json, plex))).toMatchObject({ ok: false, status: 415 });
    const b = 'x-boundary';
    const form = {
      body: encoder.encode(
        `--${b}\r\nContent-Disposition: form-data; name="other"\r\n\r\n{}\r\n--${b}--\r\n`,
      ),
      contentType: `multipart/form-data; boundary=${b}`,
    };
    expect(await parsePlex(requestFor(form, plex))).toMatchObject({ ok: false, status: 400 });
    const broken = {
      body: encoder.encode('--nope'),
      contentType: `multipart/form-data; boundary=${b}`,
    };
    expect(await parsePlex(requestFor(broken, plex))).toMatchObject({ ok: false, status: 400 });
  });
});

describe('event names that are not events', () => {
  it('ignores names an object inherits (constructor, __proto__, toString)', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const json = {
        body: encoder.encode(JSON.stringify({ Event: name })),
        contentType: 'application/json',
      };
      expect(await parseEmby(requestFor(json, emby))).toEqual({ ok: true, events: [] });
      const jf = {
        body: encoder.encode(JSON.stringify({ NotificationType: name })),
        contentType: 'text/plain',
      };
      expect(parseJellyfin(requestFor(jf, jellyfin))).toEqual({ ok: true, events: [] });
      const b = 'x-boundary';
      const form = {
        body: encoder.encode(
          `--${b}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify({ event: name })}\r\n--${b}--\r\n`,
        ),
        contentType: `multipart/form-data; boundary=${b}`,
      };
      expect(await parsePlex(requestFor(form, plex))).toEqual({ ok: true, events: [] });
    }
  });
});

describe('Emby', () => {
  it('reads the same stop from an older form and a newer JSON body', async () => {
    const play = {
      ...at(0.5),
      itemId: '87146',
      user: { id: '961f390f0306415687d24263559594ab', name: 'Scott' },
    };
    const form = events(
      await parseEmby(requestFor(embyBody('playback.stop', play, { format: 'form' }), emby)),
    );
    const json = events(await parseEmby(requestFor(embyBody('playback.stop', play), emby)));
    expect(form).toEqual(json);
    expect(json[0]).toMatchObject({
      account: 'Scott',
      progress: 0.5,
      completed: false,
      at: film.at,
    });
  });

  it('reads scrobble and markplayed, ignores start', async () => {
    const play = { ...at(0.95), itemId: '87146' };
    expect(
      events(await parseEmby(requestFor(embyBody('playback.scrobble', play), emby)))[0]?.kind,
    ).toBe('scrobble');
    expect(
      events(await parseEmby(requestFor(embyBody('item.markplayed', play), emby)))[0],
    ).toMatchObject({ kind: 'played', progress: null, completed: true });
    expect(events(await parseEmby(requestFor(embyBody('playback.start', play), emby)))).toEqual([]);
  });
});
