import type { App, Session, WebContents } from 'electron';
import { redact } from '../../src-shared/redact';
import type { Logger } from '../base/log';
import type { OpenExternal } from './external';
import { isAllowedExternalUrl } from './external';
import { guardDownloads } from './downloads';
import { isAppUrl } from './origin';

export interface HardeningDeps {
  openExternal: OpenExternal;
  log: Logger;
}

/**
 * Hardens every web contents the app ever creates (windows, and anything a page manages to spawn),
 * by hooking creation itself rather than one window. Must be installed before the first window.
 */
export function hardenApp(app: Pick<App, 'on'>, deps: HardeningDeps): void {
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, deps);
  });
}

export function hardenWebContents(contents: WebContents, deps: HardeningDeps): void {
  const refuse = (what: string, url: string): void => {
    deps.log.warn('security.blocked', { what, url: redact(url).slice(0, 200) });
  };

  // Checklist point 13: the page never leaves app://marquee.
  contents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url)) {
      event.preventDefault();
      refuse('navigation', event.url);
    }
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url)) {
      event.preventDefault();
      refuse('redirect', event.url);
    }
  });
  // Covers subframes too, which `will-navigate` does not.
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url)) {
      event.preventDefault();
      refuse('frame-navigation', event.url);
    }
  });

  // Checklist point 14: no new windows; a TMDB link goes to the system browser instead.
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void deps.openExternal(url);
    else refuse('window-open', url);
    return { action: 'deny' };
  });

  // Checklist points 11-12: <webview> is off in webPreferences; refuse an attach regardless.
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    refuse('webview', 'about:blank');
  });

  hardenSession(contents.session);
  guardDownloads(contents.session, deps.log);
}

/** Checklist point 5: Marquee needs no camera, location, notifications, devices or anything else. */
export function hardenSession(
  session: Pick<
    Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  >,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
