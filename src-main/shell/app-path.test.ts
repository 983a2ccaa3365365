import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { resolveAppTarget } from './app-path';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const root = resolve('/srv/marquee/out/renderer');

describe('resolveAppTarget', () => {
  it('serves index.html for the root', () => {
    expect(resolveAppTarget('app://marquee/', 'GET', root)).toEqual({
      kind: 'file',
      file: join(root, 'index.html'),
    });
  });

  it('maps a nested asset inside the root', () => {
    expect(resolveAppTarget('app://marquee/assets/index-abc.js?v=1', 'GET', root)).toEqual({
      kind: 'file',
      file: join(root, 'assets', 'index-abc.js'),
    });
  });

  it.each([
    'app://marquee/../../etc/passwd',
    'app://marquee/assets/../../secret',
    'app://marquee/%2e%2e/%2e%2e/etc/passwd',
    'app://marquee/%2E%2E/etc/passwd',
    'app://marquee/.%2e/etc/passwd',
    'app://marquee/..%2f..%2fetc%2fpasswd',
    'app://marquee/..%5c..%5cwindows%5cwin.ini',
    'app://marquee/%2fetc%2fpasswd',
    'app://marquee/C:%5cWindows%5cwin.ini',
    'app://marquee/index.html%00.png',
    'app://marquee/%E0%A4%A',
  ])('rejects %s with 404', (url) => {
    expect(resolveAppTarget(url, 'GET', root)).toMatchObject({ kind: 'reject', status: 404 });
  });

  it.each([
    'app://evil/index.html',
    'app://marquee.evil/index.html',
    'app://user:pw@marquee/index.html',
    'https://marquee/index.html',
  ])('rejects the foreign host in %s', (url) => {
    expect(resolveAppTarget(url, 'GET', root)).toMatchObject({
      kind: 'reject',
      status: 404,
      reason: 'host',
    });
  });

  it('looks for traversal in the path only, not in the query', () => {
    expect(resolveAppTarget('app://marquee/index.html?from=/../x', 'GET', root)).toEqual({
      kind: 'file',
      file: join(root, 'index.html'),
    });
  });

  it('refuses methods other than GET and HEAD', () => {
    expect(resolveAppTarget('app://marquee/index.html', 'POST', root)).toMatchObject({
      kind: 'reject',
      status: 405,
    });
    expect(resolveAppTarget('app://marquee/index.html', 'HEAD', root)).toMatchObject({
      kind: 'file',
    });
  });

  it('hands a registered route its checked remainder', () => {
    expect(resolveAppTarget('app://marquee/img/w342/abc.jpg', 'GET', root, ['img'])).toEqual({
      kind: 'route',
      route: 'img',
      rest: 'w342/abc.jpg',
    });
    expect(
      resolveAppTarget('app://marquee/img/%2e%2e/index.html', 'GET', root, ['img']),
    ).toMatchObject({ kind: 'reject' });
  });

  it('treats a route name as a plain folder when no route is registered', () => {
    expect(resolveAppTarget('app://marquee/img/a.png', 'GET', root)).toEqual({
      kind: 'file',
      file: join(root, 'img', 'a.png'),
    });
  });
});
