import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TmdbHttpError, TmdbNetworkError, TmdbTimeoutError } from './errors';
import type { BuiltRequest } from './request';
import { createTableClient } from './table-client';
import { testTable } from './testing/test-endpoints';
import { MAX_ANSWER_BYTES, undiciTransport } from './transport';

/** A local server whose every answer the test writes by hand. */
type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

let handler: Handler = (_req, _body, res) => res.end();
let server: http.Server;
let base = '';
const dispatcher = new Agent({ keepAliveTimeout: 1_000 });
const sockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      handler(req, body, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  handler = (_req, _body, res) => res.end();
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await dispatcher.close();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
});

const transport = (): ReturnType<typeof undiciTransport> => undiciTransport(dispatcher);

function built(path: string, init: Partial<BuiltRequest> = {}): BuiltRequest {
  return {
    method: 'GET',
    url: `${base}${path}`,
    headers: Object.freeze({ Accept: 'application/json', Authorization: 'Bearer t' }),
    body: undefined,
    target: `GET ${path}`,
    secretsFromCredentials: true,
    ...init,
  };
}

const film = { id: 550, title: 'Fight Club — “Ü”' };

describe('undici transport', () => {
  it('sends the method, headers and body, and reads status, Retry-After and text', async () => {
    let seen: { method?: string; auth?: string; type?: string; body?: string } = {};
    handler = (req, body, res) => {
      seen = {
        method: req.method,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body,
      };
      res.writeHead(429, { 'Retry-After': '3', 'Content-Type': 'application/json' });
      res.end('{"status_code":25}');
    };
    const answer = await transport()(
      built('/3/list/1/add_item', {
        method: 'POST',
        headers: Object.freeze({
          Authorization: 'Bearer t',
          'Content-Type': 'application/json;charset=utf-8',
        }),
        body: '{"media_id":550}',
      }),
      new AbortController().signal,
    );
    expect(seen).toEqual({
      method: 'POST',
      auth: 'Bearer t',
      type: 'application/json;charset=utf-8',
      body: '{"media_id":550}',
    });
    expect(answer).toEqual({ status: 429, retryAfter: '3', text: '{"status_code":25}' });
  });

  it.each([
    ['gzip', zlib.gzipSync],
    ['br', zlib.brotliCompressSync],
    ['deflate', zlib.deflateSync],
  ] as const)('asks for compressed answers and reads %s as text', async (encoding, compress) => {
    let asked: string | undefined;
    handler = (req, _body, res) => {
      asked = req.headers['accept-encoding'];
      res.writeHead(200, { 'Content-Encoding': encoding, 'Content-Type': 'application/json' });
      res.end(compress(Buffer.from(JSON.stringify(film))));
    };
    const answer = await transport()(built('/3/movie/550'), new AbortController().signal);
    expect(asked).toBe('gzip, deflate, br');
    expect(JSON.parse(answer.text)).toEqual(film);
  });

  it('reads an empty compressed answer as empty, and a corrupt one as a failure', async () => {
    handler = (req, _body, res) => {
      res.writeHead(req.url === '/empty' ? 204 : 200, { 'Content-Encoding': 'gzip' });
      res.end(req.url === '/empty' ? undefined : 'not gzip at all');
    };
    await expect(transport()(built('/empty'), new AbortController().signal)).resolves.toEqual({
      status: 204,
      retryAfter: null,
      text: '',
    });
    await expect(transport()(built('/corrupt'), new AbortController().signal)).rejects.toThrow();
  });

  it('refuses a compressed answer that decodes to more than an answer may hold', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(MAX_ANSWER_BYTES + 1024, 0x20));
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'Content-Encoding': 'gzip' });
      res.end(bomb);
    };
    await expect(transport()(built('/3/movie/550'), new AbortController().signal)).rejects.toThrow(
      /larger than|maxOutputLength|buffer/i,
    );
  });

  it('stops reading an answer larger than an answer may hold (the shared pool’s cap)', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const write = (left: number): void => {
        if (left === 0 || res.destroyed) {
          res.end();
          return;
        }
        res.write(chunk, () => {
          write(left - 1);
        });
      };
      write(MAX_ANSWER_BYTES / chunk.length + 2);
    };
    // Not `rejects`: on failure it would print the whole 66 MB answer.
    const outcome = await undiciTransport()(
      built('/3/movie/550'),
      new AbortController().signal,
    ).then(
      (answer) => `read whole: ${answer.text.length} characters`,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(outcome).toMatch(/exceeded max size/i);
  });

  it('refuses an encoding it did not ask for, as a network failure that names it', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'Content-Encoding': 'zz-custom' });
      res.end('????');
    };
    await expect(transport()(built('/3/movie/550'), new AbortController().signal)).rejects.toThrow(
      /encoding Marquee cannot read \(zz-custom\)/,
    );
  });
});

function client(timeoutMs = 5_000, apiBase = base) {
  return createTableClient(testTable, {
    apiBase,
    credentials: () => ({ accessToken: 'secret-token-value' }),
    transport: transport(),
    timeoutMs,
    maxRetries: 0,
  });
}

describe('the client over the undici transport', () => {
  it('validates a real answer', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(film));
    };
    await expect(
      client().request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } }),
    ).resolves.toEqual(film);
  });

  it('times out a server that never answers, and frees the connection', async () => {
    let stalled: http.ServerResponse | undefined;
    handler = (_req, _body, res) => {
      stalled = res;
    };
    const error = await client(150)
      .request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmdbTimeoutError);
    expect(stalled).toBeDefined();
    // The aborted request's socket is closed by the client, so the server sees it go.
    await expect.poll(() => stalled?.socket?.destroyed ?? true).toBe(true);
  });

  it('times out an answer whose body stops half-way', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '400' });
      res.write('{"id":550,');
    };
    const error = await client(150)
      .request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmdbTimeoutError);
  });

  it('reports a connection dropped mid-body as offline, without the token', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '400' });
      res.write('{"id":550,', () => res.socket?.destroy());
    };
    const error = await client()
      .request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmdbNetworkError);
    expect((error as Error).message).not.toContain('secret-token-value');
  });

  it('reports a refused connection as offline, naming the cause', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) =>
      closed.close(() => {
        resolve();
      }),
    );
    const error = await client(5_000, `http://127.0.0.1:${port}`)
      .request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmdbNetworkError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('gives a caller’s abort back as is, and closes the request', async () => {
    let stalled: http.ServerResponse | undefined;
    handler = (_req, _body, res) => {
      stalled = res;
    };
    const controller = new AbortController();
    const run = client().request(
      'GET /3/movie/{movie_id}',
      { params: { movie_id: 550 } },
      { signal: controller.signal },
    );
    await expect.poll(() => stalled).toBeDefined();
    const reason = new Error('the page was left');
    controller.abort(reason);
    await expect(run).rejects.toBe(reason);
    await expect.poll(() => stalled?.socket?.destroyed ?? true).toBe(true);
  });

  it('reads an HTTP error with TMDB’s status', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(
        '{"status_code":34,"status_message":"The resource you requested could not be found."}',
      );
    };
    const error = await client()
      .request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmdbHttpError);
    expect((error as TmdbHttpError).httpStatus).toBe(404);
    expect((error as TmdbHttpError).message).toContain('TMDB status 34');
  });
});
