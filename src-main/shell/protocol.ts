import { readFile as fsReadFile } from 'node:fs/promises';
import type { CustomScheme, Protocol } from 'electron';
import type { Logger } from '../base/log';
import { redact } from '../../src-shared/redact';
import { resolveAppTarget } from './app-path';
import { mimeTypeFor } from './mime';
import { APP_SCHEME } from './origin';

/**
 * `standard` gives app://marquee a real origin (so relative URLs, storage and CSP 'self' work),
 * `secure` makes it a secure context like https, `supportFetchAPI` lets the page fetch its own
 * assets. It does not bypass CSP and keeps CORS on (checklist points 1, 7, 18).
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: {
    standard: true,
    secure: true,
    supportFetchAPI: true,
    corsEnabled: true,
    bypassCSP: false,
    allowServiceWorkers: false,
    stream: false,
  },
};

/** Must run before the app is ready: Electron only accepts privileged schemes then. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
}

/** Serves one named route under app://marquee/<route>/…; `rest` is the already-checked remainder. */
export type AppRoute = (request: Request, rest: string) => Promise<Response> | Response;

export interface AppProtocolOptions {
  /** The built renderer folder (out/renderer). */
  root: string;
  /** The Content-Security-Policy header value. */
  csp: string;
  /** Extra routes, e.g. `{ img: serveImage }` for app://marquee/img/…. */
  routes?: Readonly<Record<string, AppRoute>>;
  readFile?: (file: string) => Promise<Uint8Array<ArrayBuffer>>;
  log: Logger;
}

/** The request handler behind app://, separate from Electron so it can be tested with plain Requests. */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const routes = options.routes ?? {};
  const readFile = options.readFile ?? ((file: string) => fsReadFile(file));
  const secure = (response: Response): Response => {
    // Headers of a Response built elsewhere may be immutable; copy into a new one.
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', options.csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
  const plain = (status: number, text: string): Response =>
    secure(
      new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
    );

  return async (request) => {
    const target = resolveAppTarget(request.url, request.method, options.root, Object.keys(routes));
    if (target.kind === 'reject') {
      options.log.warn('protocol.rejected', {
        url: redact(request.url).slice(0, 200),
        reason: target.reason,
      });
      return plain(target.status, target.status === 405 ? 'Method not allowed' : 'Not found');
    }
    if (target.kind === 'route') {
      const route = routes[target.route];
      if (!route) return plain(404, 'Not found');
      try {
        return secure(await route(request, target.rest));
      } catch (error) {
        options.log.error('protocol.route_failed', { route: target.route, error });
        return plain(500, 'Internal error');
      }
    }
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readFile(target.file);
    } catch {
      return plain(404, 'Not found');
    }
    const headers = { 'Content-Type': mimeTypeFor(target.file), 'Cache-Control': 'no-cache' };
    return secure(new Response(request.method === 'HEAD' ? null : body, { status: 200, headers }));
  };
}

/** Installs the app:// handler; call after `app.whenReady()`. */
export function handleAppProtocol(
  protocol: Pick<Protocol, 'handle'>,
  options: AppProtocolOptions,
): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(options));
}
