import { request as httpRequest } from 'node:http';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import { createCore, type Core, type RunningCore } from '../../src-main/core/core';
import { readTmdbConfig } from '../../src-main/core/config';
import { KEY_HEADER } from './auth';
import { MAX_IPC_BODY, startHarness, type Harness } from './server';
import { fakeRendererDir } from './testing/fake-renderer';
import { rawRequest } from './testing/raw-request';

let catalogue: Catalogue;
let core: RunningCore;
/** Every call that reached the core's dispatch, to prove refused calls never do. */
const reached: Parameters<Core['dispatch']>[] = [];
let harness: Harness;
let dirs: { root: string; rendererDir: string };
/** This run's key, as the printed address carries it. */
let key: string;

beforeAll(async () => {
  catalogue = await startCatalogue({ titles: 50, messy: false });
  dirs = fakeRendererDir();
  core = createCore({
    dataDir: dirs.root,
    app: { name: 'Marquee', version: '9.9.9', platform: 'linux' },
    tmdb: {
      ...readTmdbConfig({
        TMDB_API_BASE: catalogue.apiBase,
        TMDB_IMAGE_BASE: catalogue.imageBase,
        TMDB_ACCESS_TOKEN: catalogue.accessToken,
      }),
      demo: true,
    },
  });
  const dispatch: Core['dispatch'] = (channel, input, sender) => {
    reached.push([channel, input, sender]);
    return core.dispatch(channel, input, sender);
  };
  harness = await startHarness({
    core: { dispatch, events: core.events },
    rendererDir: dirs.rendererDir,
    serveImage: (path) => core.serveImage(path),
  });
  key = new URL(harness.url).searchParams.get('key') ?? '';
});

afterAll(async () => {
  await harness.close();
  await core.close();
  await catalogue.close();
  rmSync(dirs.root, { recursive: true, force: true });
});

beforeEach(() => {
  reached.length = 0;
});

function call(body: string, headers: Record<string, string> = {}) {
  return rawRequest(harness.origin, {
    method: 'POST',
    path: '/__marquee/ipc',
    headers: {
      Origin: harness.origin,
      [KEY_HEADER]: key,
      'Content-Type': 'application/json',
      ...headers,
    },
    body,
  });
}

describe('the first visit', () => {
  it('serves the page for the printed address and sets no cookie, which every local port would receive', async () => {
    const url = new URL(harness.url);
    expect(url.searchParams.get('key')).toMatch(/^[0-9a-f]{64}$/);
    const visit = await rawRequest(harness.origin, { path: url.pathname + url.search });
    expect(visit.status).toBe(200);
    expect(visit.headers['set-cookie']).toBeUndefined();
    expect(visit.body).not.toContain(key);
  });

  it('refuses a wrong key with a clear word', async () => {
    const wrong = await rawRequest(harness.origin, { path: `/?key=${'0'.repeat(64)}` });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toContain('not valid for this run');
  });

  it('serves the page with the CSP, nosniff and the bridge script ahead of the app', async () => {
    const page = await rawRequest(harness.origin, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body.indexOf('/__marquee/bridge.js')).toBeGreaterThan(-1);
    expect(page.body.indexOf('/__marquee/bridge.js')).toBeLessThan(
      page.body.indexOf('type="module"'),
    );
    const script = await rawRequest(harness.origin, { path: '/__marquee/bridge.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('"reference.countries"');
    // The script is public: it holds no secret, it reads the key from the page's own address.
    expect(script.body).not.toContain(key);
    expect(script.body).toContain(KEY_HEADER);
  });
});

describe('the IPC bridge', () => {
  it('passes an authenticated call to the core and returns its result', async () => {
    const res = await call(JSON.stringify({ channel: 'app.info' }));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({
      ok: true,
      value: { name: 'Marquee', version: '9.9.9', demo: true },
    });
    expect(reached).toEqual([['app.info', undefined, { trusted: true, origin: harness.origin }]]);
  });

  it('brings the real countries from the catalogue through the core', async () => {
    const res = JSON.parse(
      (await call(JSON.stringify({ channel: 'reference.countries', input: null }))).body,
    ) as {
      ok: boolean;
      value: { items: { iso_3166_1: string }[]; meta: { source: string } };
    };
    expect(res.ok).toBe(true);
    expect(res.value.items.length).toBeGreaterThan(50);
    expect(res.value.items.map((c) => c.iso_3166_1)).toContain('DE');
  });

  it.each([
    ['no key header', { [KEY_HEADER]: '' }],
    ['a wrong key', { [KEY_HEADER]: 'a'.repeat(64) }],
    ['a foreign Host (DNS rebinding)', { Host: 'evil.example:80' }],
    ['a foreign Origin', { Origin: 'http://evil.example' }],
    ['another local port as Origin', { Origin: 'http://127.0.0.1:1' }],
    ['a same-site (other port) fetch label', { 'Sec-Fetch-Site': 'same-site' }],
    ['a cross-site fetch label', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses a call with %s (403) before it reaches the core', async (_label, headers) => {
    const res = await call(JSON.stringify({ channel: 'app.info' }), headers);
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('9.9.9');
    expect(reached).toEqual([]);
  });

  it('refuses the right key carried only in a cookie (cookies reach every local port)', async () => {
    const res = await call(JSON.stringify({ channel: 'app.info' }), {
      [KEY_HEADER]: '',
      Cookie: `marquee_bridge=${key}; key=${key}`,
    });
    expect(res.status).toBe(403);
    expect(reached).toEqual([]);
  });

  it('refuses the right key sent from a page on another port', async () => {
    const res = await call(JSON.stringify({ channel: 'app.info' }), {
      Origin: 'http://127.0.0.1:1',
      'Sec-Fetch-Site': 'same-site',
    });
    expect(res.status).toBe(403);
    expect(reached).toEqual([]);
  });

  it.each([
    ['a channel whose toString is not a function', '{"channel":{"toString":1}}'],
    [
      'a channel nested 200,000 arrays deep',
      `{"channel":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
    ],
    ['a __proto__ channel', '{"channel":{"__proto__":{"polluted":1}},"input":{"__proto__":1}}'],
  ])('answers %s with unknown_channel as data, never a 500', async (_label, body) => {
    const res = await call(body);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never answers a CORS preflight with permission', async () => {
    const res = await rawRequest(harness.origin, {
      method: 'OPTIONS',
      path: '/__marquee/ipc',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an unknown channel with unknown_channel', async () => {
    const res = JSON.parse(
      (await call(JSON.stringify({ channel: 'shell.exec', input: 'rm -rf /' }))).body,
    ) as unknown;
    expect(res).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('answers input that breaks the channel schema with invalid_input', async () => {
    const res = JSON.parse(
      (await call(JSON.stringify({ channel: 'app.info', input: { surprise: true } }))).body,
    ) as unknown;
    expect(res).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('answers malformed JSON with a clear 400', async () => {
    const res = await call('{"channel": "app.info"');
    expect(res.status).toBe(400);
    const body = JSON.parse(res.body) as { ok: boolean; error: { code: string; message: string } };
    expect(body).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(body.error.message).toContain('not valid JSON');
    const array = await call('["app.info"]');
    expect(array.status).toBe(400);
    expect(reached).toEqual([]);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await call(
      JSON.stringify({ channel: 'app.info', input: 'x'.repeat(MAX_IPC_BODY) }),
    );
    expect(res.status).toBe(413);
    const body = JSON.parse(res.body) as { ok: boolean; error: { message: string } };
    expect(body.ok).toBe(false);
    expect(body.error.message).toContain('too large');
    expect(reached).toEqual([]);
  });
});

describe('static files', () => {
  it('serves the built assets', async () => {
    const res = await rawRequest(harness.origin, { path: '/assets/app.js' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it.each([
    '/../private.txt',
    '/assets/../../private.txt',
    '/assets/..%2f..%2fprivate.txt',
    '/%2e%2e/private.txt',
    '/assets/..%5c..%5cprivate.txt',
  ])('refuses the traversal %s with 404', async (path) => {
    const res = await rawRequest(harness.origin, { path });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('not for the browser');
  });
});

describe('images', () => {
  it('serves a poster from the image cache to our page', async () => {
    const movie = catalogue.data.movies[0];
    const poster = movie?.posterPath;
    expect(poster).toBeTruthy();
    const res = await rawRequest(harness.origin, {
      path: `/img/w185${poster ?? ''}`,
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['no fetch label', {}],
    ['another port (same-site)', { 'Sec-Fetch-Site': 'same-site' }],
    ['another site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses images to a request with %s', async (_label, headers) => {
    const poster = catalogue.data.movies[0]?.posterPath ?? '/x.png';
    const res = await rawRequest(harness.origin, { path: `/img/w185${poster}`, headers });
    expect(res.status).toBe(403);
  });

  it('rejects a malformed image path with a clear client error', async () => {
    const res = await rawRequest(harness.origin, {
      path: '/img/w185/../../etc/passwd',
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    expect([400, 404]).toContain(res.status);
  });
});

describe('the event stream', () => {
  it('refuses to stream without the key, or with the key in a cookie only', async () => {
    expect((await rawRequest(harness.origin, { path: '/__marquee/events' })).status).toBe(403);
    const cookieOnly = await rawRequest(harness.origin, {
      path: '/__marquee/events',
      headers: { Cookie: `marquee_bridge=${key}` },
    });
    expect(cookieOnly.status).toBe(403);
  });

  it('delivers network.status as it happens', async () => {
    const received = new Promise<string>((resolve, reject) => {
      const req = httpRequest(`${harness.origin}/__marquee/events?key=${key}`, {}, (res) => {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes(': connected')) core.network.report(false, 'TMDB did not answer');
          const at = text.indexOf('event: network.status');
          if (at !== -1 && text.indexOf('\n\n', at) !== -1) {
            req.destroy();
            resolve(text.slice(at, text.indexOf('\n\n', at)));
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    const frame = await received;
    const data = JSON.parse(frame.split('\ndata: ')[1] ?? '') as {
      online: boolean;
      reason?: string;
    };
    expect(data).toMatchObject({ online: false, reason: 'TMDB did not answer' });
    core.network.report(true);
  });

  it('ends an open stream whole when it stops, its last event telling the page to close it', async () => {
    const other = await startHarness({ core, rendererDir: dirs.rendererDir });
    const otherKey = new URL(other.url).searchParams.get('key') ?? '';
    let closing: Promise<void> | undefined;
    const ended = new Promise<{ text: string; complete: boolean }>((resolve, reject) => {
      httpRequest(`${other.origin}/__marquee/events?key=${otherKey}`, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes(': connected')) closing ??= other.close();
        });
        res.on('end', () => {
          resolve({ text, complete: res.complete });
        });
        res.on('aborted', () => {
          resolve({ text, complete: false });
        });
      })
        .on('error', reject)
        .end();
    });
    const { text, complete } = await ended;
    expect(complete).toBe(true);
    expect(text.trimEnd().endsWith('event: harness.closing\ndata: {}')).toBe(true);
    await expect(closing).resolves.toBeUndefined();
  });

  it('closes promptly even with a stream open', async () => {
    const other = await startHarness({ core, rendererDir: dirs.rendererDir });
    const otherKey = new URL(other.url).searchParams.get('key') ?? '';
    await new Promise<void>((resolve) => {
      httpRequest(`${other.origin}/__marquee/events?key=${otherKey}`, () => {
        resolve();
      })
        .on('error', () => undefined)
        .end();
    });
    await expect(other.close()).resolves.toBeUndefined();
  });
});
