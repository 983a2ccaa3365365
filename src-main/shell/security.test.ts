import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { App, WebContents } from 'electron';
import { memoryLogger } from '../base/testing/memory-logger';
import { FakeApp, FakeEvent, FakeWebContents } from './testing/fake-electron';
import { hardenApp, hardenWebContents } from './security';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

/*
 * Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security), point by
 * point, and where Marquee covers it:
 *  1. Only load secure content: the page comes from app:// (registered `secure`) — protocol.test.ts
 *     "the app scheme…"; window.test.ts "loads Marquee from app://marquee"; TMDB is called from main.
 *  2. No Node.js integration for remote content: window.test.ts nodeIntegration / InWorker / InSubFrames.
 *  3. Context isolation: window.test.ts contextIsolation; src-preload/index.test.ts (contextBridge only).
 *  4. Process sandboxing: window.test.ts sandbox; src-preload/bundle.test.ts (the preload needs only electron).
 *  5. Permission requests: "denies every permission request", "answers every permission check with
 *     false" and "refuses every device" below.
 *  6. webSecurity not disabled: window.test.ts webSecurity.
 *  7. A Content Security Policy: protocol.test.ts "serves index.html with the CSP and nosniff headers".
 *  8. No allowRunningInsecureContent: window.test.ts allowRunningInsecureContent.
 *  9. No experimental features: window.test.ts experimentalFeatures.
 * 10. No enableBlinkFeatures: window.test.ts "leaves enableBlinkFeatures unset".
 * 11. <webview> allowpopups: webviewTag is false (window.test.ts) and any attach is refused ("prevents
 *     attaching a webview" below), so no webview and no popups from one can exist.
 * 12. <webview> options and params: same as 11; nothing to verify because nothing may attach.
 * 13. Limit navigation: "will-navigate / will-redirect / will-frame-navigate away from app://marquee is
 *     prevented" below.
 * 14. Limit new windows: "denies every new window" below.
 * 15. No shell.openExternal with untrusted content: external.test.ts (table of refused URLs) and
 *     "opens an allowed TMDB link in the system browser" below.
 * 16. A current Electron: "pins a current Electron" below.
 * 17. Validate the sender of IPC messages: ipc.test.ts senderCheck (subframes, other origins, no frame);
 *     wiring.test.ts "refuses the same call from a foreign page" (the real guard says forbidden).
 * 18. No file://, a custom protocol instead: window.test.ts (app:// URL) and app-path.test.ts (traversal).
 * 19. Fuses: flipped in the Electron binary when it is packaged (electron-builder's electronFuses), which
 *     cannot be downloaded here; fuses.test.ts checks the configuration electron-builder reads.
 * 20. Do not expose Electron APIs to untrusted content: src-preload/api.test.ts (only invoke/on, listed
 *     channels, the event object stripped) and src-preload/index.test.ts (exactly `api` is exposed).
 */

const setup = () => {
  const contents = new FakeWebContents();
  const opened: string[] = [];
  const log = memoryLogger();
  hardenWebContents(contents as unknown as WebContents, {
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve(true);
    },
    log,
  });
  return { contents, opened, log };
};

const fire = (contents: FakeWebContents, name: string, url: string): FakeEvent => {
  const event = new FakeEvent(url);
  contents.emit(name, event);
  return event;
};

describe('navigation', () => {
  it.each(['will-navigate', 'will-redirect', 'will-frame-navigate'])(
    '%s away from app://marquee is prevented',
    (name) => {
      const { contents } = setup();
      for (const url of [
        'https://evil.com/',
        'https://www.themoviedb.org/movie/550',
        'file:///etc/passwd',
        'app://evil/index.html',
        'http://127.0.0.1:8080/',
      ]) {
        expect(fire(contents, name, url).defaultPrevented).toBe(true);
      }
    },
  );

  it.each(['will-navigate', 'will-redirect', 'will-frame-navigate'])(
    '%s within app://marquee is allowed',
    (name) => {
      const { contents } = setup();
      expect(fire(contents, name, 'app://marquee/index.html').defaultPrevented).toBe(false);
    },
  );

  it('logs a blocked navigation without the secret in its URL', () => {
    const { contents, log } = setup();
    fire(contents, 'will-navigate', 'https://evil.com/?api_key=abcdef123456');
    expect(log.lines.join('\n')).toContain('security.blocked');
    expect(log.lines.join('\n')).not.toContain('abcdef123456');
  });
});

describe('new windows', () => {
  it('denies every new window', () => {
    const { contents } = setup();
    for (const url of [
      'https://evil.com/',
      'app://marquee/index.html',
      'https://www.themoviedb.org/movie/550',
      'about:blank',
    ]) {
      expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    }
  });

  it('opens an allowed TMDB link in the system browser, and nothing else', () => {
    const { contents, opened } = setup();
    contents.windowOpenHandler?.({ url: 'https://www.themoviedb.org/movie/550' });
    contents.windowOpenHandler?.({ url: 'https://themoviedb.org.evil.com/' });
    contents.windowOpenHandler?.({ url: 'javascript:alert(1)' });
    expect(opened).toEqual(['https://www.themoviedb.org/movie/550']);
  });
});

describe('webview', () => {
  it('prevents attaching a webview', () => {
    const { contents } = setup();
    const event = new FakeEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('permissions', () => {
  it('denies every permission request', () => {
    const { contents } = setup();
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
    ]) {
      const callback = vi.fn();
      contents.session.requestHandler?.(contents, permission, callback, {});
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
    }
  });

  it('answers every permission check with false', () => {
    const { contents } = setup();
    expect(contents.session.checkHandler?.(contents, 'media', 'app://marquee', {})).toBe(false);
    expect(contents.session.checkHandler?.(null, 'clipboard-read', 'app://marquee', {})).toBe(
      false,
    );
  });

  it('refuses every device (USB, serial, HID)', () => {
    const { contents } = setup();
    expect(contents.session.deviceHandler?.({ deviceType: 'usb', origin: 'app://marquee' })).toBe(
      false,
    );
  });
});

describe('hardenApp', () => {
  it('hardens every web contents the app creates, not only the main window', () => {
    const app = new FakeApp();
    hardenApp(app as unknown as App, {
      openExternal: () => Promise.resolve(true),
      log: memoryLogger(),
    });
    const contents = new FakeWebContents();
    app.emit('web-contents-created', new FakeEvent(), contents);
    expect(contents.windowOpenHandler?.({ url: 'https://evil.com' })).toEqual({ action: 'deny' });
    expect(fire(contents, 'will-navigate', 'https://evil.com').defaultPrevented).toBe(true);
    expect(contents.session.checkHandler).not.toBeNull();
  });
});

describe('Electron version', () => {
  it('pins a current Electron (an exact version, major 41 or newer)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      devDependencies?: Record<string, string>;
    };
    const version = pkg.devDependencies?.electron ?? '';
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(41);
  });
});
