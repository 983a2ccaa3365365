import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Logger } from '../../base/log';
import type { CaptureEvent, ServerConfig } from '../types';
import type { ParseResult, WebhookRequest } from './common';
import { parseEmby } from './emby';
import { parseJellyfin } from './jellyfin';
import { parsePlex } from './plex';
import { createRateLimiter, DEFAULT_RATE, type RateLimit } from './rate-limit';

/**
 * The door media servers knock on: `POST /capture/<secret>`, one secret per configured server.
 * It listens on 127.0.0.1 unless a server opted in to the home network, and then the network
 * address answers only those servers. Bodies are capped before they are read, requests are rate
 * limited per remote address, and a refused request has no side effect. Nothing in a payload is
 * followed, opened, run or shown as markup: parsers turn it into plain CaptureEvents.
 */

/** The largest body read (a Plex payload with its thumbnail is well under this). */
export const BODY_LIMIT = 1024 * 1024;

export interface WebhookListenerOptions {
  /**
   * The address bound when some server listens on the network: every interface by default, which
   * keeps 127.0.0.1 answering too (one address, such as 192.168.1.20, would leave it unbound).
   */
  host?: string;
  port: number;
  servers: () => ServerConfig[];
  receive: (server: ServerConfig, events: CaptureEvent[]) => Promise<void>;
  clock: () => number;
  log: Logger;
  rate?: RateLimit;
  bodyLimit?: number;
}

export interface WebhookListener {
  /** The address to paste into the server's webhook settings (secrets are base64url text). */
  url(server: ServerConfig): string;
  /** The port listened on (the one given, or the one the system chose for port 0). */
  readonly port: number;
  /** The address bound now: 127.0.0.1, or the network host. */
  readonly boundTo: string;
  /** Binds again, on the same port, when the servers' listen choices change what to bind. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

const LOCAL_HOST = '127.0.0.1';
type Parser = (request: WebhookRequest) => Promise<ParseResult>;
const PARSERS: Partial<Record<ServerConfig['kind'], Parser>> = {
  jellyfin: (r) => Promise.resolve(parseJellyfin(r)),
  plex: parsePlex,
  emby: parseEmby,
};

const takesWebhooks = (server: ServerConfig): boolean => PARSERS[server.kind] !== undefined;

/** Where to listen: the network host only when some webhook server opted in. */
export function bindAddressFor(servers: readonly ServerConfig[], host = '0.0.0.0'): string {
  return servers.some((s) => s.listen === 'network' && takesWebhooks(s)) ? host : LOCAL_HOST;
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The server a request is for: its secret matches (compared in constant time) and, when the
 * request came in on a network address rather than loopback, the server opted in to the network.
 */
export function serverFor(
  servers: readonly ServerConfig[],
  path: string | undefined,
  localAddress: string | undefined,
): ServerConfig | null {
  const match = /^\/capture\/([A-Za-z0-9_-]{1,200})(?:\?.*)?$/.exec(path ?? '');
  if (!match?.[1]) return null;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const asked = digest(match[1]);
  let found: ServerConfig | null = null;
  for (const server of servers) {
    if (server.secret && timingSafeEqual(asked, digest(server.secret)) && !found) found = server;
  }
  if (!found || !takesWebhooks(found)) return null;
  if (!isLoopback(localAddress) && found.listen !== 'network') return null;
  return found;
}

type Body = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' | 'aborted' };

/** Reads at most `limit` bytes, counting as it reads; stops at the first byte over. */
function readBody(req: IncomingMessage, limit: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (body: Body) => {
      if (done) return;
      done = true;
      req.removeListener('data', onData);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => {
      finish({ ok: true, bytes: Buffer.concat(chunks, size) });
    });
    const aborted = () => {
      finish({ ok: false, reason: 'aborted' });
    };
    req.on('error', aborted);
    req.on('close', aborted);
  });
}

/** What to answer: a status with a short plain text, or nothing when the sender went away. */
type Answer = { status: number; text?: string; headers?: Record<string, string> };
type Reply = Answer | 'gone';

const TOO_LARGE: Answer = { status: 413, text: 'the body is too large' };
const NOT_FOUND: Answer = { status: 404, text: 'not found' };

/** Sends a reply; a refusal closes the connection, so a body left unread is dropped with it. */
function answer(res: ServerResponse, reply: Answer): void {
  if (res.headersSent) return;
  res.writeHead(reply.status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...(reply.status >= 400 ? { Connection: 'close' } : {}),
    ...reply.headers,
  });
  res.end(reply.status === 204 ? undefined : reply.text);
}

export async function createWebhookListener(
  options: WebhookListenerOptions,
): Promise<WebhookListener> {
  const limit = options.bodyLimit ?? BODY_LIMIT;
  const networkHost = options.host ?? '0.0.0.0';
  const allow = createRateLimiter(options.rate ?? DEFAULT_RATE, options.clock);
  const { log } = options;

  /** What can be decided from the request line and headers alone, before any body is read. */
  const admit = (req: IncomingMessage): Answer | { server: ServerConfig; parse: Parser } => {
    if (!allow(req.socket.remoteAddress ?? 'unknown'))
      return { status: 429, text: 'too many requests', headers: { 'Retry-After': '1' } };
    const server = serverFor(options.servers(), req.url, req.socket.localAddress);
    const parse = server ? PARSERS[server.kind] : undefined;
    if (!server || !parse) return NOT_FOUND;
    if (req.method !== 'POST')
      return { status: 405, text: 'POST only', headers: { Allow: 'POST' } };
    const declared = req.headers['content-length'];
    if (declared !== undefined && !(/^\d{1,15}$/.test(declared) && Number(declared) <= limit))
      return TOO_LARGE;
    return { server, parse };
  };

  const handle = async (
    req: IncomingMessage,
    { server, parse }: { server: ServerConfig; parse: Parser },
  ): Promise<Reply> => {
    const body = await readBody(req, limit);
    if (!body.ok) return body.reason === 'too-large' ? TOO_LARGE : 'gone';
    const result = await parse({
      body: body.bytes,
      contentType: req.headers['content-type'],
      server,
      receivedAt: options.clock(),
    });
    if (!result.ok) {
      log.info('capture.webhook.refused', {
        server: server.id,
        status: result.status,
        reason: result.reason,
      });
      return { status: result.status, text: result.reason };
    }
    if (result.events.length > 0) await options.receive(server, result.events);
    return { status: 204 };
  };

  /** Answers one request; a sender that asked to continue is told to only once it is admitted. */
  const serve = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean): void => {
    const admitted = admit(req);
    if ('status' in admitted) {
      answer(res, admitted);
      return;
    }
    if (expectsContinue) res.writeContinue();
    handle(req, admitted).then(
      (reply) => {
        if (reply === 'gone') req.destroy();
        else answer(res, reply);
      },
      (error: unknown) => {
        log.error('capture.webhook.failed', {
          error: error instanceof Error ? error.name : 'error',
        });
        answer(res, { status: 500, text: 'the capture could not be recorded' });
      },
    );
  };

  const http = (): Server => {
    const s = createServer((req, res) => {
      serve(req, res, false);
    });
    s.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
      serve(req, res, true);
    });
    s.requestTimeout = 30_000;
    s.headersTimeout = 10_000;
    s.maxHeadersCount = 100;
    return s;
  };

  let server = http();
  let boundTo = bindAddressFor(options.servers(), networkHost);
  let port = options.port;

  const listen = (host: string, on: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, host, () => {
        server.removeListener('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      server.close(() => {
        resolve();
      });
      server.closeAllConnections();
    });

  port = await listen(boundTo, port);
  log.info('capture.webhook.listening', { host: boundTo, port });

  return {
    get port() {
      return port;
    },
    get boundTo() {
      return boundTo;
    },
    url(config) {
      return `http://${hostFor(config, networkHost)}:${port}/capture/${config.secret}`;
    },
    async refresh() {
      const wanted = bindAddressFor(options.servers(), networkHost);
      if (wanted === boundTo) return;
      await stop();
      server = http();
      boundTo = wanted;
      port = await listen(boundTo, port);
      log.info('capture.webhook.listening', { host: boundTo, port });
    },
    close: stop,
  };
}

/** The host in a server's webhook address: loopback, or this computer's network address. */
function hostFor(config: ServerConfig, networkHost: string): string {
  if (config.listen !== 'network') return LOCAL_HOST;
  if (networkHost !== '0.0.0.0' && networkHost !== '::') return networkHost;
  for (const list of Object.values(networkInterfaces())) {
    const found = list?.find((i) => i.family === 'IPv4' && !i.internal);
    if (found) return found.address;
  }
  return LOCAL_HOST;
}
