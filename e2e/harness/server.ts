import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import type { Core } from '../../src-main/core/core';
import { silentLogger, type Logger } from '../../src-main/base/log';
import { contentSecurityPolicy } from '../../src-main/base/csp';
import { DEFAULT_LIMITS } from '../../src-main/import/read/limits';
import {
  KEY_PARAM,
  newSecret,
  refuseBridgeRequest,
  refuseImageRequest,
  secretMatches,
  type BridgeGate,
} from './auth';
import { BRIDGE_PATH, EVENTS_PATH, IPC_PATH, UPLOAD_PATH, bridgeScript } from './bridge-script';
import { streamEvents } from './event-stream';
import { sendFailure, sendJson, sendText } from './http-replies';
import { BodyTooLarge, readBody, readBodyBytes } from './read-body';
import { uploadedFileName, uploadFailure } from './upload';
import { contentTypeOf, injectBridge, readStaticFile, resolveStaticPath } from './static-files';

/** The IPC body limit: far above any real call, low enough that a runaway page cannot fill memory. */
export const MAX_IPC_BODY = 1024 * 1024;
/** The upload limit: the import readers' own cap on one file, so the harness refuses no less. */
export const MAX_UPLOAD_BODY = DEFAULT_LIMITS.maxInputBytes;

export interface HarnessOptions {
  core: Pick<Core, 'dispatch' | 'events'>;
  /** The built renderer, usually `out/renderer`. */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  log?: Logger;
  /** Extra img-src entries for the CSP (e.g. the image host). */
  imageSources?: readonly string[];
  /** The image cache (`img/{size}/{file}`), served at /img/… as the app:// protocol does. */
  serveImage?: (
    urlPath: string,
  ) => Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }>;
  /**
   * Stages a file the page uploaded for import (the core's `imports.stageBytes`), answering the
   * staged source. Without it, uploads are refused: Electron's open dialog stands in for them.
   */
  stageUpload?: (name: string, bytes: Uint8Array) => Promise<unknown>;
  /** The largest upload accepted, in bytes (MAX_UPLOAD_BODY unless a test lowers it). */
  maxUploadBytes?: number;
}

export interface Harness {
  /** `http://127.0.0.1:PORT/?key=…`: the only way in; it carries the per-run secret. */
  url: string;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  close(): Promise<void>;
}

/**
 * The browser harness: serves the built renderer and a bridge that carries `window.api` calls over
 * HTTP to the same core the Electron shell uses. Only our page may call it: the per-run key arrives
 * in the printed address, the bridge script keeps it in sessionStorage (partitioned by origin, so by
 * port) and sends it in a custom header on every call (never a cookie: see auth.ts); an exact Host
 * (against DNS rebinding) and an exact Origin; cross-origin pages would need a CORS preflight,
 * never granted.
 */
export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const log = options.log ?? silentLogger;
  const secret = newSecret();
  const sockets = new Set<Socket>();
  const server = createServer();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const gate: BridgeGate = {
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    secret,
  };
  const headers = {
    'Content-Security-Policy': contentSecurityPolicy({ imageSources: options.imageSources ?? [] }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', gate.origin);
    if (req.headers.host !== gate.host) {
      log.warn('harness.wrong_host', { path: url.pathname });
      sendText(res, 403, 'Marquee’s harness answers only at its own address (127.0.0.1).');
      return;
    }
    if (url.pathname === IPC_PATH) return handleIpc(req, res);
    if (url.pathname === UPLOAD_PATH) return handleUpload(req, res);
    if (url.pathname === EVENTS_PATH) {
      handleEvents(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendText(res, 405, 'Method not allowed.');
      return;
    }
    if (url.pathname === BRIDGE_PATH) {
      send(res, 200, 'text/javascript; charset=utf-8', Buffer.from(bridgeScript()));
      return;
    }
    if (url.pathname === '/' || url.pathname === '/index.html') return handleIndex(res, url);
    if (url.pathname.startsWith('/img/')) return handleImage(req, res, url.pathname);
    return handleStatic(res, url.pathname);
  };

  const handleIndex = async (res: ServerResponse, url: URL): Promise<void> => {
    // The page itself is the public build, like its assets: the key guards the bridge, not the
    // HTML. The bridge script takes the key from the address (and drops it from the address bar),
    // so a wrong one is refused here with a clear word rather than as failing calls later.
    const key = url.searchParams.get(KEY_PARAM);
    if (key !== null && !secretMatches(key, secret)) {
      sendText(
        res,
        403,
        'This key is not valid for this run of Marquee’s harness. Open the address it printed.',
      );
      return;
    }
    const file = await readStaticFile(join(options.rendererDir, 'index.html'));
    if (!file) {
      sendText(
        res,
        500,
        `No built renderer in ${options.rendererDir}: run \`npm run build\` first.`,
      );
      return;
    }
    send(
      res,
      200,
      'text/html; charset=utf-8',
      Buffer.from(injectBridge(file.toString('utf8'), BRIDGE_PATH)),
    );
  };

  // Images are the user's cached data: only our own page may read them (see refuseImageRequest).
  const handleImage = async (
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<void> => {
    if (!options.serveImage) {
      sendText(res, 404, 'Not found.');
      return;
    }
    const refusal = refuseImageRequest(req);
    if (refusal !== null) {
      log.warn('harness.refused', { path: '/img', reason: refusal });
      sendText(res, 403, 'Forbidden.');
      return;
    }
    const reply = await options.serveImage(pathname.slice(1));
    res.statusCode = reply.status;
    for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
    res.end(req.method === 'HEAD' ? undefined : Buffer.from(reply.body));
  };

  const handleStatic = async (res: ServerResponse, pathname: string): Promise<void> => {
    const path = resolveStaticPath(options.rendererDir, pathname);
    const file = path === null ? null : await readStaticFile(path);
    if (path === null || file === null) {
      sendText(res, 404, 'Not found.');
      return;
    }
    send(res, 200, contentTypeOf(path), file);
  };

  /**
   * Lets through only a POST from Marquee's own page (see refuseBridgeRequest); answers anything
   * else itself and says so by returning false.
   */
  const admitPost = (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    door: { name: string; what: string },
  ): boolean => {
    if (req.method !== 'POST') {
      // OPTIONS lands here too: a preflight gets no CORS headers, so a foreign page never calls.
      res.setHeader('Allow', 'POST');
      sendFailure(
        res,
        req.method === 'OPTIONS' ? 403 : 405,
        'forbidden',
        `Marquee’s ${door.name} accepts only POST from its own page.`,
      );
      return false;
    }
    const refusal = refuseBridgeRequest(req, gate, 'ipc');
    if (refusal !== null) {
      log.warn('harness.refused', { path, reason: refusal });
      sendFailure(
        res,
        403,
        'forbidden',
        `Marquee’s ${door.name} refused this ${door.what}: ${refusal}.`,
      );
      return false;
    }
    return true;
  };

  const handleIpc = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!admitPost(req, res, IPC_PATH, { name: 'bridge', what: 'call' })) return;
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      sendFailure(res, 415, 'invalid_input', 'Marquee’s bridge accepts only application/json.');
      return;
    }
    let text: string;
    try {
      text = await readBody(req, MAX_IPC_BODY);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        res.setHeader('Connection', 'close');
        sendFailure(
          res,
          413,
          'invalid_input',
          `The call is too large: Marquee’s bridge accepts at most ${MAX_IPC_BODY} bytes.`,
        );
        return;
      }
      throw error;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      sendFailure(
        res,
        400,
        'invalid_input',
        'The call is not valid JSON: expected {"channel": "...", "input": ...}.',
      );
      return;
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body) || !('channel' in body)) {
      sendFailure(
        res,
        400,
        'invalid_input',
        'The call must be a JSON object with a "channel" and an optional "input".',
      );
      return;
    }
    // JSON.parse yields plain data (a "__proto__" key is an own property, never a prototype), and
    // the guard answers every value as data; what it returns is plain data again.
    const input = 'input' in body ? body.input : undefined;
    const result = await options.core.dispatch(body.channel, input, {
      trusted: true,
      origin: gate.origin,
    });
    sendJson(res, 200, result);
  };

  // A file the user chose in the page, as the raw body: the browser's stand-in for the open
  // dialog. Guarded exactly like a bridge call; the file is read in the core, never in the page.
  const maxUpload = options.maxUploadBytes ?? MAX_UPLOAD_BODY;
  const handleUpload = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!admitPost(req, res, UPLOAD_PATH, { name: 'upload', what: 'request' })) return;
    if (!options.stageUpload) {
      sendFailure(res, 404, 'not_found', 'This harness does not accept files for import.');
      return;
    }
    if (!/^application\/octet-stream\b/i.test(req.headers['content-type'] ?? '')) {
      sendFailure(
        res,
        415,
        'invalid_input',
        'Marquee’s upload accepts only application/octet-stream.',
      );
      return;
    }
    const name = uploadedFileName(req.headers['x-file-name']);
    if (typeof name !== 'string') {
      sendFailure(res, 400, 'invalid_input', name.error);
      return;
    }
    let bytes: Buffer;
    try {
      bytes = await readBodyBytes(req, maxUpload);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        res.setHeader('Connection', 'close');
        sendFailure(
          res,
          413,
          'invalid_input',
          `${name} is too large: Marquee imports files of at most ${megabytes(maxUpload)}.`,
        );
        return;
      }
      throw error;
    }
    // Like a bridge call, the core's answer is a result with status 200 even when it refuses the
    // file: a file that is not an export is the user's mistake to be told, not a failed request.
    try {
      const staged = await options.stageUpload(name, new Uint8Array(bytes));
      sendJson(res, 200, { ok: true, value: staged });
    } catch (error) {
      sendJson(res, 200, { ok: false, error: uploadFailure(error, log) });
    }
  };

  /** Open event streams, ended whole when the harness stops. */
  const streams = new Set<{ end(): Promise<void> }>();
  const handleEvents = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET') {
      res.setHeader('Allow', 'GET');
      sendText(res, 405, 'Method not allowed.');
      return;
    }
    const refusal = refuseBridgeRequest(req, gate, 'events');
    if (refusal !== null) {
      log.warn('harness.refused', { path: EVENTS_PATH, reason: refusal });
      sendText(res, 403, `Marquee’s event stream refused this request: ${refusal}.`);
      return;
    }
    const stream = streamEvents(req, res, options.core.events);
    streams.add(stream);
    res.on('close', () => streams.delete(stream));
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((error: unknown) => {
      log.error('harness.request_failed', { error });
      if (res.headersSent) res.destroy();
      // A bridge call always gets a result the page can read, even when the harness itself failed.
      else if (req.url?.startsWith(IPC_PATH) || req.url?.startsWith(UPLOAD_PATH))
        sendFailure(res, 500, 'internal', 'Marquee’s harness failed to answer this call.');
      else sendText(res, 500, 'Marquee’s harness failed to answer; the details are in its log.');
    });
  });

  let closing: Promise<void> | undefined;
  return {
    url: `${gate.origin}/?key=${secret}`,
    origin: gate.origin,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => {
          server.close(() => {
            resolve();
          });
        });
        // Each page is told the harness is stopping and its stream ends whole; a page that does
        // not take the last chunk within a moment is cut off with the other sockets.
        await Promise.race([
          Promise.all([...streams].map((s) => s.end())),
          new Promise((resolve) => setTimeout(resolve, 500)),
        ]);
        for (const socket of sockets) socket.destroy();
        await stopped;
      })()),
  };
}

function send(res: ServerResponse, status: number, contentType: string, body: Buffer): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': body.length });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024).toLocaleString('en-GB')} MB`
    : `${bytes.toLocaleString('en-GB')} bytes`;
}
