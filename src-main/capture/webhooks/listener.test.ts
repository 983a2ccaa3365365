import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import {
  embyBody,
  jellyfinBody,
  plexBody,
  postWebhook,
  type WebhookPlay,
} from '../../../catalogue';
import { memoryLogger } from '../../base/testing/memory-logger';
import type { CaptureEvent, ServerConfig } from '../types';
import { bindAddressFor, createWebhookListener, serverFor, type WebhookListener } from './listener';
import { serverConfig } from './testing/samples';

const play: WebhookPlay = {
  media: 'movie',
  itemId: '9b0d6a4c3e2f4a1b8c7d6e5f4a3b2c1d',
  title: 'October Sky',
  year: 1999,
  ids: { tmdb: '13466' },
  runtimeMs: 6_000_000,
  positionMs: 5_700_000,
  user: { id: '19084402', name: 'alice' },
  at: Date.UTC(2026, 7, 1, 20, 0, 0),
};

let listener: WebhookListener | null = null;
afterEach(async () => {
  await listener?.close();
  listener = null;
});

async function start(
  servers: ServerConfig[],
  patch: { rate?: { burst: number; perSecond: number }; fail?: boolean } = {},
) {
  const received: { server: string; events: CaptureEvent[] }[] = [];
  let now = Date.UTC(2026, 7, 4, 12, 0, 0);
  const log = memoryLogger();
  listener = await createWebhookListener({
    port: 0,
    servers: () => servers,
    receive: (server, events) => {
      if (patch.fail) return Promise.reject(new Error('database is locked'));
      received.push({ server: server.id, events });
      return Promise.resolve();
    },
    clock: () => now,
    log,
    ...(patch.rate ? { rate: patch.rate } : {}),
  });
  return { listener, received, log, advance: (ms: number) => (now += ms) };
}

/** A raw request, to send what fetch would not (a huge body, chunked, another method). */
function raw(
  url: string,
  options: {
    method?: string;
    body?: Uint8Array;
    chunked?: boolean;
    contentType?: string;
    localAddress?: string;
  },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: options.method ?? 'POST',
      headers: {
        'content-type': options.contentType ?? 'application/json',
        ...(options.body && !options.chunked
          ? { 'content-length': String(options.body.length) }
          : {}),
      },
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    if (options.body) {
      const body = options.body;
      const step = 64 * 1024;
      let at = 0;
      const pump = () => {
        while (at < body.length) {
          const ok = req.write(body.subarray(at, (at += step)));
          if (!ok) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    } else req.end();
  });
}

const jellyfin = serverConfig('jellyfin');
const plex = serverConfig('plex', { secret: 'plex-secret-abcdefghijklmnop' });
const emby = serverConfig('emby', { secret: 'emby-secret-abcdefghijklmnop' });

describe('the webhook listener', () => {
  it("takes each server's announcement at its own secret path", async () => {
    const { listener: l, received } = await start([jellyfin, plex, emby]);
    expect(l.url(jellyfin)).toBe(`http://127.0.0.1:${l.port}/capture/${jellyfin.secret}`);
    expect(
      (
        await postWebhook(
          l.url(jellyfin),
          jellyfinBody('PlaybackStop', play, { style: 'template' }),
        )
      ).status,
    ).toBe(204);
    const thumbnail = new Uint8Array(100_000).fill(1);
    expect(
      (await postWebhook(l.url(plex), plexBody('media.scrobble', play, { thumbnail }))).status,
    ).toBe(204);
    expect(
      (await postWebhook(l.url(emby), embyBody('playback.stop', play, { format: 'form' }))).status,
    ).toBe(204);
    expect(received.map((r) => [r.server, r.events[0]?.kind, r.events[0]?.server])).toEqual([
      ['jellyfin-1', 'stop', 'jellyfin'],
      ['plex-1', 'scrobble', 'plex'],
      ['emby-1', 'stop', 'emby'],
    ]);
  });

  it('passes duplicates on, one call per request', async () => {
    const { listener: l, received } = await start([jellyfin]);
    const body = jellyfinBody('PlaybackStop', play);
    await postWebhook(l.url(jellyfin), body);
    await postWebhook(l.url(jellyfin), body);
    expect(received).toHaveLength(2);
    expect(received[0]).toEqual(received[1]);
  });

  it('answers an unknown event with 204 and passes nothing on', async () => {
    const { listener: l, received } = await start([plex]);
    expect((await postWebhook(l.url(plex), plexBody('media.pause', play))).status).toBe(204);
    expect(received).toEqual([]);
  });

  it('refuses a 10 MB body with 413 before reading it, declared or chunked', async () => {
    const { listener: l, received } = await start([jellyfin]);
    const huge = new Uint8Array(10 * 1024 * 1024).fill(0x20);
    expect(await raw(l.url(jellyfin), { body: huge })).toBe(413);
    expect(await raw(l.url(jellyfin), { body: huge, chunked: true })).toBe(413);
    expect(received).toEqual([]);
  });

  it('tells a sender that asks first not to send a body that is too large', async () => {
    const { listener: l, received } = await start([jellyfin]);
    const asked = (length: number, path = l.url(jellyfin)) =>
      new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
        let continued = false;
        const req = request(path, {
          method: 'POST',
          headers: { expect: '100-continue', 'content-length': String(length) },
        });
        req.on('continue', () => {
          continued = true;
          req.end(Buffer.alloc(length, 0x20));
        });
        req.on('response', (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, continued });
        });
        req.on('error', reject);
        req.flushHeaders();
      });
    expect(await asked(10 * 1024 * 1024)).toEqual({ status: 413, continued: false });
    expect(await asked(10, `http://127.0.0.1:${l.port}/capture/nope`)).toEqual({
      status: 404,
      continued: false,
    });
    expect(await asked(10)).toEqual({ status: 400, continued: true });
    expect(received).toEqual([]);
  });

  it('refuses malformed JSON with 400, a wrong or missing secret with 404, other methods with 405', async () => {
    const { listener: l, received, log } = await start([jellyfin]);
    const bad = {
      body: new TextEncoder().encode('{"NotificationType": '),
      contentType: 'application/json',
    };
    const refused = await postWebhook(l.url(jellyfin), bad);
    expect(refused).toEqual({ status: 400, text: 'the body is not JSON' });
    const base = `http://127.0.0.1:${l.port}`;
    const good = jellyfinBody('PlaybackStop', play);
    expect((await postWebhook(`${base}/capture/wrong-secret`, good)).status).toBe(404);
    expect((await postWebhook(`${base}/capture/`, good)).status).toBe(404);
    expect((await postWebhook(`${base}/`, good)).status).toBe(404);
    expect(await raw(l.url(jellyfin), { method: 'GET' })).toBe(405);
    expect(received).toEqual([]);
    expect(log.lines.join('\n')).not.toContain(jellyfin.secret);
  });

  it('rate limits each remote address (429), and lets it in again as time passes', async () => {
    const {
      listener: l,
      received,
      advance,
    } = await start([jellyfin], { rate: { burst: 3, perSecond: 1 } });
    const body = jellyfinBody('PlaybackStop', play);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await postWebhook(l.url(jellyfin), body)).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect((await postWebhook(`http://127.0.0.1:${l.port}/capture/guess`, body)).status).toBe(429);
    advance(1_000);
    expect((await postWebhook(l.url(jellyfin), body)).status).toBe(204);
    expect(received).toHaveLength(4);
  });

  it('answers 500 without detail when the capture cannot be recorded', async () => {
    const { listener: l, log } = await start([jellyfin], { fail: true });
    expect(await postWebhook(l.url(jellyfin), jellyfinBody('PlaybackStop', play))).toEqual({
      status: 500,
      text: 'the capture could not be recorded',
    });
    expect(log.lines.some((line) => line.includes('capture.webhook.failed'))).toBe(true);
  });
});

describe('where the listener answers', () => {
  const local = serverConfig('jellyfin', { id: 'local-1', secret: 'local-secret-0123456789' });
  const network = serverConfig('plex', {
    id: 'net-1',
    listen: 'network',
    secret: 'network-secret-0123456789',
  });

  it('binds 127.0.0.1 unless a webhook server opted in to the network', () => {
    expect(bindAddressFor([local])).toBe('127.0.0.1');
    expect(bindAddressFor([local, serverConfig('kodi', { listen: 'network' })])).toBe('127.0.0.1');
    expect(bindAddressFor([local, network])).toBe('0.0.0.0');
    expect(bindAddressFor([local, network], '192.0.2.2')).toBe('192.0.2.2');
  });

  it('answers only network servers on a network address, every server on loopback', () => {
    const servers = [local, network];
    expect(serverFor(servers, `/capture/${local.secret}`, '127.0.0.1')?.id).toBe('local-1');
    expect(serverFor(servers, `/capture/${local.secret}`, '::ffff:127.0.0.1')?.id).toBe('local-1');
    expect(serverFor(servers, `/capture/${local.secret}`, '192.0.2.2')).toBeNull();
    expect(serverFor(servers, `/capture/${network.secret}`, '192.0.2.2')?.id).toBe('net-1');
    expect(serverFor(servers, `/capture/${network.secret}x`, '127.0.0.1')).toBeNull();
    expect(
      serverFor([serverConfig('kodi')], `/capture/${serverConfig('kodi').secret}`, '127.0.0.1'),
    ).toBeNull();
  });

  const lan = Object.values(networkInterfaces())
    .flat()
    .find((i) => i?.family === 'IPv4' && !i.internal)?.address;

  it.runIf(lan)(
    'over a real network interface: the network server answers, the local one does not',
    async () => {
      const { listener: l, received } = await start([local, network]);
      expect(l.boundTo).toBe('0.0.0.0');
      const at = (s: ServerConfig) => `http://${lan}:${l.port}/capture/${s.secret}`;
      expect((await postWebhook(at(network), plexBody('media.scrobble', play))).status).toBe(204);
      expect((await postWebhook(at(local), jellyfinBody('PlaybackStop', play))).status).toBe(404);
      expect(l.url(network)).toBe(at(network));
      expect(received.map((r) => r.server)).toEqual(['net-1']);
    },
  );

  it('a local-only listener cannot be reached on a network address', async () => {
    const servers = [local];
    const { listener: l } = await start(servers);
    expect(l.boundTo).toBe('127.0.0.1');
    if (lan)
      await expect(
        raw(`http://${lan}:${l.port}/capture/${local.secret}`, { method: 'POST' }),
      ).rejects.toThrow();
    servers.push(network);
    await l.refresh();
    expect(l.boundTo).toBe('0.0.0.0');
  });
});
