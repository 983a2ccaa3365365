import { afterEach, describe, expect, it } from 'vitest';
import {
  jellyfinBody,
  postWebhook,
  startJellyfinStandIn,
  type JellyfinStandIn,
  type WebhookPlay,
} from '../../catalogue';
import { startTestCore, type TestCore } from '../core/testing/core';
import { captureWiring } from './wiring';

/*
 * A play on a media server, end to end through the app's own wiring: the server posts its webhook
 * to the address Settings shows, the listener parses it, the capture service counts it and writes
 * one play through tracking's change path, and the captured list shows it until it is undone.
 */
let t: TestCore | undefined;
let jellyfin: JellyfinStandIn | undefined;
afterEach(async () => {
  await t?.close();
  await jellyfin?.close();
  t = undefined;
  jellyfin = undefined;
});

describe('a webhook from a configured Jellyfin server', () => {
  it('becomes exactly one play, listed as captured, and undone like any other', async () => {
    t = await startTestCore({ core: { capture: captureWiring({ port: 0 }) } });
    const film = t.catalogue.data.movies.find((m) => !m.adult);
    if (!film) throw new Error('the catalogue has no film');
    jellyfin = await startJellyfinStandIn();
    const added = await t.value('capture.addServer', {
      kind: 'jellyfin',
      url: jellyfin.url,
      name: 'Living room',
      auth: { kind: 'token', token: jellyfin.apiKey },
    });
    const alice = added.accounts.find((a) => a.name === 'alice');
    if (!alice) throw new Error(`no alice among ${JSON.stringify(added.accounts)}`);
    const server = await t.value('capture.updateServer', {
      serverId: added.id,
      chosenAccounts: [alice.id],
    });
    expect(server.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/capture\/[\w-]+$/);
    const url = server.webhookUrl ?? '';
    // The listener reads the servers again after a change; wait until it answers for this one.
    const play: WebhookPlay = {
      media: 'movie',
      itemId: '4f0c6b2a9d8e4f1aa3b5c7d9e1f20304',
      title: film.title,
      ids: { tmdb: String(film.id) },
      runtimeMs: 6_000_000,
      positionMs: 5_990_000,
      completed: true,
      user: { id: alice.id, name: 'alice' },
      at: t.clock.now - 60_000,
    };
    let answer = { status: 0, text: '' };
    for (let i = 0; i < 100 && answer.status !== 204 && answer.status !== 200; i++) {
      answer = await postWebhook(url, jellyfinBody('PlaybackStop', play));
      if (answer.status === 404) await new Promise((r) => setTimeout(r, 20));
    }
    expect([200, 204]).toContain(answer.status);
    // The same viewing said again (UserDataSaved after PlaybackStop) is the same play.
    await postWebhook(url, jellyfinBody('UserDataSaved', play));

    const plays = await t.value('tracking.plays', { target: { scope: 'movie', movieId: film.id } });
    expect(plays.plays).toHaveLength(1);
    expect(plays.plays[0]?.source).toBe('jellyfin');
    const captured = await t.value('capture.captured', {});
    expect(captured.plays).toMatchObject([
      {
        playUid: plays.plays[0]?.uid,
        server: 'jellyfin',
        serverName: 'Living room',
        account: 'alice',
      },
    ]);

    // A wrong secret is refused and changes nothing.
    const wrong = await postWebhook(url.replace(/[\w-]+$/, 'not-the-secret'), {
      ...jellyfinBody('PlaybackStop', { ...play, itemId: 'ffffffffffffffffffffffffffffffff' }),
    });
    expect(wrong.status).toBe(404);

    await t.value('tracking.unmark', { target: { scope: 'play', uid: plays.plays[0]?.uid ?? '' } });
    expect((await t.value('capture.captured', {})).plays).toEqual([]);
    expect(
      (await t.value('tracking.plays', { target: { scope: 'movie', movieId: film.id } })).plays,
    ).toEqual([]);
  });
});
