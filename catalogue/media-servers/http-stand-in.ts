import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What a stand-in's route answers: JSON, or text with its own content type. */
export interface Reply {
  status: number;
  json?: unknown;
  text?: string;
  contentType?: string;
}

export interface StandInRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Route = (req: StandInRequest) => Reply | Promise<Reply>;

const MAX_BODY = 64 * 1024;

/**
 * A small HTTP server for a media-server stand-in, on 127.0.0.1: it records each request's path,
 * and can vanish (every open connection cut, the port closed) at once or at the n-th request to a
 * path, to show how a client meets a server that disappears in the middle of its work.
 */
export class HttpStandIn {
  readonly requests: string[] = [];
  private readonly sockets = new Set<Socket>();
  private vanishAt: { prefix: string; remaining: number } | null = null;
  private server: Server;
  port = 0;

  constructor(
    private readonly route: Route,
    private readonly onUpgrade?: (req: IncomingMessage, socket: Socket, head: Buffer) => void,
  ) {
    this.server = this.create();
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(port = 0): Promise<void> {
    this.server = this.create();
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The server is gone: open connections are cut mid-answer and new ones refused. */
  async disappear(): Promise<void> {
    const closed = new Promise<void>((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Disappears when the `n`-th request (from now) whose path starts with `prefix` arrives. */
  disappearAt(prefix: string, n: number): void {
    this.vanishAt = { prefix, remaining: n };
  }

  close(): Promise<void> {
    return this.disappear();
  }

  private create(): Server {
    const server = createServer((req, res) => void this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    if (this.onUpgrade) {
      const onUpgrade = this.onUpgrade;
      server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
        onUpgrade(req, socket, head);
      });
    }
    return server;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    this.requests.push(url.pathname);
    if (this.vanishAt && url.pathname.startsWith(this.vanishAt.prefix)) {
      this.vanishAt.remaining -= 1;
      if (this.vanishAt.remaining <= 0) {
        this.vanishAt = null;
        await this.disappear();
        return;
      }
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        return;
      }
      chunks.push(chunk as Buffer);
    }
    const reply = await this.route({
      method: req.method ?? 'GET',
      url,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
    res.writeHead(reply.status, {
      'Content-Type':
        reply.json !== undefined
          ? 'application/json; charset=utf-8'
          : (reply.contentType ?? 'text/plain'),
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  }
}

/** The page `[start, start + size)` of a list. */
export function pageOf<T>(items: readonly T[], start: number, size: number): T[] {
  return items.slice(Math.max(0, start), Math.max(0, start) + Math.max(0, size));
}

/** A whole number from a query or header value, or the fallback. */
export function intParam(value: string | string[] | null | undefined, fallback: number): number {
  const text = Array.isArray(value) ? value[0] : value;
  const n = text === null || text === undefined ? NaN : Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : fallback;
}
