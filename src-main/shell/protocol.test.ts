import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { contentSecurityPolicy } from '../base/csp';
import { FakeProtocol } from './testing/fake-electron';
import { mimeTypeFor } from './mime';
import {
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
  handleAppProtocol,
  registerAppScheme,
} from './protocol';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const csp = contentSecurityPolicy();
let base: string;
let root: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'marquee-protocol-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Marquee</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log("marquee")');
  writeFileSync(join(root, 'assets', 'app.css'), 'body{}');
  // A file next to the root that traversal would reach.
  writeFileSync(join(base, 'secret.txt'), 'library secrets');
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const handler = (routes?: Parameters<typeof createAppProtocolHandler>[0]['routes']) =>
  createAppProtocolHandler({ root, csp, log: memoryLogger(), ...(routes ? { routes } : {}) });

const get = (url: string, method = 'GET') => handler()(new Request(url, { method }));

describe('the app scheme', () => {
  it('is registered as standard, secure and fetchable, without CSP bypass', () => {
    const protocol = new FakeProtocol();
    registerAppScheme(protocol);
    expect(protocol.privileged).toEqual([APP_SCHEME_PRIVILEGES]);
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({
      scheme: 'app',
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        bypassCSP: false,
        corsEnabled: true,
      },
    });
  });

  it('is handled by the file handler once installed', async () => {
    const protocol = new FakeProtocol();
    handleAppProtocol(protocol, { root, csp, log: memoryLogger() });
    const installed = protocol.handlers.get('app');
    expect(installed).toBeDefined();
    const response = await installed?.(new Request('app://marquee/index.html'));
    expect(response?.status).toBe(200);
  });
});

describe('serving the renderer', () => {
  it('serves index.html with the CSP and nosniff headers', async () => {
    const response = await get('app://marquee/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Security-Policy')).toBe(csp);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('<title>Marquee</title>');
  });

  it('serves scripts and styles with their own types', async () => {
    expect((await get('app://marquee/assets/app.js')).headers.get('Content-Type')).toMatch(
      /^text\/javascript/,
    );
    expect((await get('app://marquee/assets/app.css')).headers.get('Content-Type')).toMatch(
      /^text\/css/,
    );
  });

  it('answers HEAD without a body', async () => {
    const response = await get('app://marquee/index.html', 'HEAD');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('returns 404 for a missing file, still with the security headers', async () => {
    const response = await get('app://marquee/nope.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Security-Policy')).toBe(csp);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it.each([
    'app://marquee/%2e%2e/secret.txt',
    'app://marquee/..%2fsecret.txt',
    'app://marquee/assets/%2E%2E/%2E%2E/secret.txt',
  ])('never serves a file outside the root (%s)', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('library secrets');
  });

  it('answers only for the marquee host', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
  });

  it('refuses writes', async () => {
    expect((await get('app://marquee/index.html', 'POST')).status).toBe(405);
  });

  it('passes app://marquee/img/… to the image route and secures its answer', async () => {
    const seen: string[] = [];
    const serve = handler({
      img: (_request, rest) => {
        seen.push(rest);
        return new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'Content-Type': 'image/jpeg' },
        });
      },
    });
    const response = await serve(new Request('app://marquee/img/w342/poster.jpg'));
    expect(seen).toEqual(['w342/poster.jpg']);
    expect(response.headers.get('Content-Type')).toBe('image/jpeg');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Content-Security-Policy')).toBe(csp);
  });

  it('turns a failing route into a 500 without its error text', async () => {
    const serve = handler({
      img: () => {
        throw new Error('disk exploded at /home/user/secret');
      },
    });
    const response = await serve(new Request('app://marquee/img/x.jpg'));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('secret');
  });
});

describe('mimeTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a/b.JS', 'text/javascript; charset=utf-8'],
    ['font.woff2', 'font/woff2'],
    ['poster.webp', 'image/webp'],
    ['icon.svg', 'image/svg+xml'],
    ['noext', 'application/octet-stream'],
    ['dir.d/file', 'application/octet-stream'],
    ['x.exe', 'application/octet-stream'],
  ])('%s is %s', (file, type) => {
    expect(mimeTypeFor(file)).toBe(type);
  });
});
