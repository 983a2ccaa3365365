import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LIBRARY_BASE_TIME,
  plexBody,
  startPlexStandIn,
  type PlexStandIn,
  type WebhookPlay,
} from '../../catalogue';
import { plexConnector } from './clients/plex';
import { GatedSleep } from './clients/testing/harness';
import { HOUR } from './testing/events';
import { captureHarness, type Harness } from './testing/harness';
import type { CaptureEvent, ServerConfig } from './types';
import { parsePlex } from './webhooks/plex';

const PADDINGTON = 101;
const ARRIVAL = 100;
const NOW = LIBRARY_BASE_TIME + 4 * HOUR;

describe('capture: Plex accounts in webhooks and in the local server’s sessions', () => {
  let stand: PlexStandIn;
  let h: Harness;
  let gate: GatedSleep;
  let config: ServerConfig;

  beforeEach(async () => {
    stand = await startPlexStandIn();
    gate = new GatedSleep();
    h = captureHarness({ connectors: { plex: plexConnector }, fetch, sleep: gate.sleep, now: NOW });
    const server = await h.capture.addServer({
      kind: 'plex',
      url: stand.url,
      auth: { kind: 'token', token: stand.token },
    });
    // The local server lists its own ids: Anna, the owner, is 1.
    expect(server.accounts.map((a) => [a.id, a.name])).toEqual([
      ['1', 'Anna'],
      ['2', 'Ben'],
    ]);
    await h.capture.updateServer(server.id, { chosenAccounts: ['1'] });
    const [found] = await h.capture.configs();
    if (!found) throw new Error('expected the server');
    config = found;
  });
  afterEach(async () => {
    gate.release();
    await h.close();
    await stand.close();
  });

  /** What the server's webhook says, through the webhook parser, for a plex.tv account. */
  async function webhook(
    who: { plexTvId: number; name: string },
    key: number,
    tmdb: string,
  ): Promise<CaptureEvent> {
    const play: WebhookPlay = {
      media: 'movie',
      itemId: String(key),
      title: 'A film',
      year: 2017,
      ids: { tmdb },
      runtimeMs: 6_240_000,
      positionMs: 6_000_000,
      user: { id: String(who.plexTvId), name: who.name },
      at: NOW,
    };
    const { body, contentType } = plexBody('media.scrobble', play);
    const parsed = await parsePlex({ body, contentType, server: config, receivedAt: NOW });
    if (!parsed.ok || parsed.events.length !== 1) throw new Error('expected one event');
    return parsed.events[0] as CaptureEvent;
  }
  const anna = (): { plexTvId: number; name: string } => {
    const found = stand.accounts.find((a) => a.name === 'Anna');
    if (!found) throw new Error('the stand-in has no Anna');
    return found;
  };

  it('counts the chosen owner’s webhook by her plex.tv id, once with her session, and no one else’s', async () => {
    const hooked = await h.capture.receive(await webhook(anna(), PADDINGTON, '346648'));
    expect(hooked.kind).toBe('added');
    expect(h.capture.captured(10, 0).plays).toEqual([
      expect.objectContaining({ mediaId: 346648, account: 'Anna' }),
    ]);
    // Ben (not chosen) and someone the server does not list: not counted.
    const ben = stand.accounts.find((a) => a.name === 'Ben');
    expect((await h.capture.receive(await webhook(ben ?? anna(), ARRIVAL, '329865'))).kind).toBe(
      'ignored',
    );
    const carol = { plexTvId: 31000007, name: 'Carol' };
    expect((await h.capture.receive(await webhook(carol, ARRIVAL, '329865'))).kind).toBe('ignored');

    // The local server's sessions name Anna by her local id: the same viewing is the same play.
    // Anna also watches Arrival with no webhook: her session alone counts it.
    await gate.begun(1);
    const again = stand.play(PADDINGTON, 1, 5_928_000);
    const other = stand.play(ARRIVAL, 1, 6_900_000);
    gate.release();
    await gate.begun(2);
    stand.end(again, NOW);
    stand.end(other, NOW);
    gate.release();
    await gate.begun(3);
    await h.capture.idle();
    expect(h.tracking.tracking.plays({ scope: 'movie', movieId: 346648 })).toHaveLength(1);
    expect(h.tracking.tracking.plays({ scope: 'movie', movieId: 329865 })).toHaveLength(1);
    const listed = h.capture.captured(10, 0).plays.map((p) => [p.mediaId, p.account]);
    expect(listed.sort()).toEqual([
      [329865, 'Anna'],
      [346648, 'Anna'],
    ]);
  });

  it('remembers the owner’s plex.tv id, so a later name does not lose her plays', async () => {
    await h.capture.receive(await webhook(anna(), PADDINGTON, '346648'));
    expect(h.store.servers.aliases(config.id)).toEqual({ [String(anna().plexTvId)]: '1' });
    h.t.clock.now += HOUR;
    const renamed = { plexTvId: anna().plexTvId, name: 'Anna K.' };
    expect((await h.capture.receive(await webhook(renamed, ARRIVAL, '329865'))).kind).toBe('added');
    expect(h.capture.captured(10, 0).plays.map((p) => p.account)).toEqual(['Anna', 'Anna']);
  });
});
