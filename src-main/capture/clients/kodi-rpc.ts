import { failure } from './http';
import { plainText } from '../../../src-shared/text/bound';

/** The part of a WebSocket the JSON-RPC client uses (undici's, or a test's). */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export type OpenSocket = (url: string) => SocketLike;

/** undici's WebSocket, loaded when Kodi is first connected to rather than at start-up. */
export const loadUndiciSocket = async (): Promise<OpenSocket> => {
  const { WebSocket } = await import('undici');
  return (url) => new WebSocket(url);
};

export type NotificationHandler = (method: string, params: unknown) => void;

interface Pending {
  method: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * One JSON-RPC 2.0 connection to Kodi over its WebSocket (port 9090): calls with answers, and
 * the notifications Kodi pushes. When the connection closes, every call still waiting fails with a
 * plain sentence, and `closed` resolves.
 */
export class KodiRpc {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private isClosed = false;
  readonly closed: Promise<void>;
  private markClosed!: () => void;

  private constructor(
    private readonly socket: SocketLike,
    private readonly where: string,
    private readonly timeoutMs: number,
    private readonly onNotification: NotificationHandler,
  ) {
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
    socket.addEventListener('message', (event) => {
      this.receive(event.data);
    });
    socket.addEventListener('close', () => {
      this.end();
    });
    socket.addEventListener('error', () => {
      this.end();
    });
  }

  /** Connects, or fails with a plain sentence when Kodi does not answer. */
  static open(
    url: string,
    where: string,
    options: { openSocket: OpenSocket; timeoutMs: number; onNotification?: NotificationHandler },
  ): Promise<KodiRpc> {
    return new Promise((resolve, reject) => {
      let socket: SocketLike;
      try {
        socket = options.openSocket(url);
      } catch {
        reject(
          failure('invalid_input', `Kodi's address ${where} is not one Marquee can connect to.`),
        );
        return;
      }
      let settled = false;
      const fail = (): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(
          failure(
            'offline',
            `Kodi at ${where} could not be reached. Check that Kodi is running and that "Allow remote control from applications" is on.`,
          ),
        );
      };
      const timer = setTimeout(() => {
        fail();
        socket.close();
      }, options.timeoutMs);
      socket.addEventListener('error', fail);
      socket.addEventListener('close', fail);
      socket.addEventListener('open', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(
          new KodiRpc(
            socket,
            where,
            options.timeoutMs,
            options.onNotification ?? (() => undefined),
          ),
        );
      });
    });
  }

  call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    if (this.isClosed) return Promise.reject(this.lost(method));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(failure('timeout', `Kodi at ${this.where} did not answer in time (${method}).`));
      }, this.timeoutMs);
      this.pending.set(id, { method, resolve, reject, timer });
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  close(): void {
    this.socket.close();
    this.end();
  }

  private lost(method: string): Error {
    return failure(
      'offline',
      `Kodi at ${this.where} closed the connection (${method}). Check that it is still running.`,
    );
  }

  private end(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.reject(this.lost(p.method));
    }
    this.markClosed();
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string' || data.length > 50_000_000) return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const m = message as {
      id?: unknown;
      method?: unknown;
      params?: unknown;
      result?: unknown;
      error?: { message?: unknown } | null;
    };
    if (typeof m.id === 'number') {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.error !== undefined) {
        const said = m.error?.message;
        const why = typeof said === 'string' ? `: ${plainText(said, 200)}` : '';
        p.reject(failure('upstream', `Kodi at ${this.where} refused ${p.method}${why}.`));
      } else p.resolve(m.result);
      return;
    }
    if (typeof m.method === 'string') this.onNotification(m.method, m.params);
  }
}
