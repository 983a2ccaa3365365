import { describe, expect, it, vi } from 'vitest';
import { describeOrigin, isAppUrl } from './origin';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

describe('isAppUrl', () => {
  it.each([
    ['app://marquee/index.html', true],
    ['app://marquee/index.html#/settings', true],
    // Chromium lower-cases the host of a standard scheme, so anything else did not come from it.
    ['app://MARQUEE/index.html', false],
    ['app://marquee:8080/index.html', false],
    ['app://user@marquee/index.html', false],
    ['app://marquee.evil.com/index.html', false],
    ['app://evil/index.html', false],
    ['https://marquee/index.html', false],
    ['file:///app/out/renderer/index.html', false],
    ['about:blank', false],
    ['', false],
  ])('%s → %s', (url, expected) => {
    expect(isAppUrl(url)).toBe(expected);
  });

  it('is false for anything that is not a string', () => {
    expect(isAppUrl(undefined)).toBe(false);
    expect(isAppUrl(new URL('https://example.com/'))).toBe(false);
  });
});

describe('describeOrigin', () => {
  it('keeps only scheme and host, so no path or query reaches a log', () => {
    expect(describeOrigin('https://evil.com/a/b?session_id=abcdef123456#x')).toBe(
      'https://evil.com',
    );
    expect(describeOrigin('not a url')).toBe('invalid');
    expect(describeOrigin(null)).toBe('none');
  });
});
