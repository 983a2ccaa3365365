import { describe, expect, it } from 'vitest';
import { parseEmby } from './emby';
import { parseJellyfin } from './jellyfin';
import { parsePlex } from './plex';
import { RECEIVED_AT, requestOf, sample, serverConfig } from './testing/samples';

const jellyfin = serverConfig('jellyfin');
const plex = serverConfig('plex');
const emby = serverConfig('emby');

describe('payloads recorded from public sources', () => {
  it('Jellyfin: an episode stopped at the end', () => {
    const result = parseJellyfin(requestOf(sample('jellyfin-stop-episode.json'), jellyfin));
    expect(result).toEqual({
      ok: true,
      events: [
        {
          server: 'jellyfin',
          serverId: 'jellyfin-1',
          account: '6ca19855a1f24b4c9f3b2e1d0c9b8a7f',
          accountName: 'alice',
          kind: 'stop',
          itemKey: '4f0c9d2a7b1e4c3f8a6d5e4b3c2a1f0e',
          media: 'episode',
          ids: { tvdb: '349232', imdb: 'tt0959621' },
          title: 'Breaking Bad',
          year: null,
          season: 1,
          episode: 1,
          progress: 25990000000 / 26280000000,
          completed: true,
          at: Date.UTC(2026, 7, 1, 20, 14, 3),
        },
      ],
    });
  });

  it("Jellyfin: a template's True/False strings, numbers as text and dashed ids", () => {
    const result = parseJellyfin(requestOf(sample('jellyfin-stop-movie-template.json'), jellyfin));
    if (!result.ok) throw new Error(result.reason);
    expect(result.events[0]).toMatchObject({
      account: '02700c8344d542619b39319296c0d4c7',
      accountName: 'Rain',
      itemKey: '9b0d6a4c3e2f4a1b8c7d6e5f4a3b2c1d',
      media: 'movie',
      ids: { tmdb: '13466', imdb: 'tt0132477' },
      title: 'October Sky',
      year: 1999,
      progress: 19440000000 / 64800000000,
      completed: false,
      at: Date.UTC(2026, 7, 2, 19, 40, 11),
    });
    expect(result.events[0]?.ids).not.toHaveProperty('tvdb');
  });

  it('Jellyfin: an episode marked played', () => {
    const result = parseJellyfin(
      requestOf(sample('jellyfin-userdatasaved-episode.json'), jellyfin),
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({
      kind: 'played',
      account: '02700c8344d542619b39319296c0d4c7',
      title: '86 Eighty-Six',
      season: 1,
      episode: 1,
      ids: { tvdb: '8390364' },
      progress: null,
      completed: true,
    });
  });

  it('Plex: a scrobble of an episode with its Guid list', async () => {
    const result = await parsePlex(requestOf(sample('plex-scrobble-episode.json'), plex));
    if (!result.ok) throw new Error(result.reason);
    expect(result.events).toEqual([
      {
        server: 'plex',
        serverId: 'plex-1',
        account: '19084402',
        accountName: 'Anna',
        kind: 'scrobble',
        itemKey: '4412',
        media: 'episode',
        ids: { imdb: 'tt0583459', tmdb: '85987', tvdb: '303821' },
        title: 'Friends',
        year: null,
        season: 1,
        episode: 1,
        progress: 2551000 / 2625089,
        completed: true,
        at: RECEIVED_AT,
      },
    ]);
  });

  it('Plex: resume, pause and play say nothing about a viewing', async () => {
    for (const file of [
      'plex-resume-episode.json',
      'plex-pause-movie.json',
      'plex-play-episode-old-agent.json',
    ]) {
      expect(await parsePlex(requestOf(sample(file), plex))).toEqual({ ok: true, events: [] });
    }
  });

  it('Plex: recorded shapes read as stops (new agent, old agent)', async () => {
    const asStop = (file: string) => {
      const s = sample(file);
      return { ...s, payload: { ...s.payload, event: 'media.stop' } };
    };
    const movie = await parsePlex(requestOf(asStop('plex-pause-movie.json'), plex));
    if (!movie.ok) throw new Error(movie.reason);
    expect(movie.events[0]).toMatchObject({
      kind: 'stop',
      account: '1',
      accountName: 'elan',
      itemKey: '15496',
      media: 'movie',
      ids: { imdb: 'tt0132477', tmdb: '13466', tvdb: '5370' },
      title: 'October Sky',
      year: 1999,
      progress: 4355000 / 6480000,
      completed: null,
    });
    const old = await parsePlex(requestOf(asStop('plex-play-episode-old-agent.json'), plex));
    if (!old.ok) throw new Error(old.reason);
    expect(old.events[0]).toMatchObject({
      media: 'episode',
      ids: { legacyGuid: 'com.plexapp.agents.thetvdb://362829/1/1?lang=en' },
      title: 'Mythic Quest',
      season: 1,
      episode: 1,
      progress: null,
    });
  });

  it('Emby: JSON stops, newer and as in the formats note', async () => {
    const note = await parseEmby(requestOf(sample('emby-stop-json.json'), emby));
    if (!note.ok) throw new Error(note.reason);
    expect(note.events[0]).toMatchObject({
      account: 'alice',
      kind: 'stop',
      itemKey: '4412',
      ids: { tvdb: '303821', imdb: 'tt0583459' },
      title: 'Friends',
      season: 1,
      episode: 1,
      progress: 12900000000 / 13000000000,
      completed: true,
      at: RECEIVED_AT,
    });
    const newer = await parseEmby(requestOf(sample('emby-stop-json-newer.json'), emby));
    if (!newer.ok) throw new Error(newer.reason);
    expect(newer.events[0]).toMatchObject({
      account: 'dominik',
      itemKey: '87146',
      title: 'Abenteuer mit Timon und Pumbaa',
      progress: 3969000000 / 13230000000,
      completed: false,
      at: Date.parse('2025-06-13T17:17:34.688Z'),
    });
  });

  it("Emby: an older server's form with the JSON in `data`", async () => {
    const result = await parseEmby(requestOf(sample('emby-stop-form-older.json'), emby));
    if (!result.ok) throw new Error(result.reason);
    expect(result.events[0]).toMatchObject({
      account: 'Scott',
      itemKey: '478',
      media: 'episode',
      title: 'Billy the Kid',
      season: 2,
      episode: 1,
      ids: { tvdb: '9944695' },
      completed: true,
      at: Date.parse('2023-10-26T03:11:02.488Z'),
    });
  });
});
