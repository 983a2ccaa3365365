import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Agent, Dispatcher } from 'undici';
import type { BuiltRequest } from './request';

/** What an attempt needs of an answer: its status, its Retry-After and its whole body as text. */
export interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly text: string;
}

/**
 * Puts one built request on the wire and reads its answer whole. `signal` aborts both the request
 * and the reading of its body; whatever the transport throws is the attempt's network failure
 * (send.ts tells a timeout and a caller's abort from the signal, not from the error).
 */
export type Transport = (request: BuiltRequest, signal: AbortSignal) => Promise<Answer>;

/**
 * A transport over a `fetch` function. Tests give the client fakes of `fetch`
 * (testing/fake-fetch.ts), and a caller that must go through a particular `fetch` can.
 */
export function fetchTransport(fetchFn: typeof fetch): Transport {
  return async (request, signal) => {
    const init: RequestInit = { method: request.method, headers: request.headers, signal };
    if (request.body !== undefined) init.body = request.body;
    const response = await fetchFn(request.url, init);
    // The body is read under the same signal: a connection dropped mid-body is a network failure.
    const text = await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), text };
  };
}

/** The encodings TMDB may compress an answer with, as `fetch` asks for them. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * The most an answer may hold, on the wire and decoded. TMDB's largest (a long series' details
 * with everything appended) are a few MB; anything near this is a broken or hostile server, and
 * is refused as a network failure instead of filling the main process's memory.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);
const decoders: Readonly<Record<string, (data: Buffer) => Promise<Buffer>>> = {
  gzip: (data) => gunzip(data, { maxOutputLength: MAX_ANSWER_BYTES }),
  'x-gzip': (data) => gunzip(data, { maxOutputLength: MAX_ANSWER_BYTES }),
  deflate: (data) => inflate(data, { maxOutputLength: MAX_ANSWER_BYTES }),
  br: (data) => brotli(data, { maxOutputLength: MAX_ANSWER_BYTES }),
};

/** Thrown for an answer in an encoding Marquee did not ask for: a network failure, like fetch's. */
export class UnsupportedEncodingError extends Error {
  constructor(encoding: string) {
    super(`the answer came in an encoding Marquee cannot read (${encoding.slice(0, 40)})`);
    this.name = 'UnsupportedEncodingError';
  }
}

/**
 * The transport Marquee uses: undici's `request` on a keep-alive pool of its own. It does what
 * `fetch` did for the client (asks for and decodes gzip, deflate and brotli, follows the signal)
 * without building WHATWG Request, Headers and Response objects and a stream per answer: on a
 * loopback GET that saves over 100 µs a request (bench/client.bench.ts). Redirects are not
 * followed: TMDB's API answers where it is asked, so a 3xx is reported like any other status.
 *
 * undici is the library Node's own `fetch` is built on; the client depends on the package so the
 * version is pinned, not whatever the Node (or Electron) build bundles. It is loaded at the first
 * request, not at start-up: a start answered from the cache never needs it.
 */
export function undiciTransport(given?: Dispatcher): Transport {
  const withEncoding = new WeakMap<Readonly<Record<string, string>>, Record<string, string>>();
  /** The request's headers plus Accept-Encoding, made once per (frozen, shared) headers object. */
  const headersOf = (headers: Readonly<Record<string, string>>): Record<string, string> => {
    let merged = withEncoding.get(headers);
    if (!merged) {
      merged = { ...headers, 'Accept-Encoding': ACCEPT_ENCODING };
      withEncoding.set(headers, merged);
    }
    return merged;
  };
  return async (request, signal) => {
    const { request: undiciRequest } = await loadUndici();
    const dispatcher = given ?? (await sharedPool());
    const answer = await undiciRequest(request.url, {
      method: request.method,
      headers: headersOf(request.headers),
      body: request.body ?? null,
      signal,
      dispatcher,
    });
    const { statusCode, headers, body } = answer;
    const encoding = single(headers['content-encoding'])?.trim().toLowerCase();
    let text: string;
    if (encoding === undefined || encoding === '' || encoding === 'identity') {
      text = await body.text();
    } else {
      const decode = decoders[encoding];
      if (!decode) {
        // The connection is closed rather than read to its end; its close is no error of ours.
        body.once('error', ignore).destroy();
        throw new UnsupportedEncodingError(encoding);
      }
      const bytes = Buffer.from(await body.arrayBuffer());
      // An empty body (a 204, a HEAD-like answer) is empty in any encoding.
      text = bytes.length === 0 ? '' : (await decodeWithin(decode, bytes)).toString('utf8');
    }
    return { status: statusCode, retryAfter: single(headers['retry-after']) ?? null, text };
  };
}

async function decodeWithin(
  decode: (data: Buffer) => Promise<Buffer>,
  bytes: Buffer,
): Promise<Buffer> {
  try {
    return await decode(bytes);
  } catch (error) {
    if (error instanceof RangeError && 'code' in error && error.code === 'ERR_BUFFER_TOO_LARGE') {
      throw new Error(
        `the answer is larger than Marquee accepts (${MAX_ANSWER_BYTES / 2 ** 20} MB)`,
        { cause: error },
      );
    }
    throw error;
  }
}

function ignore(): void {
  // See the caller.
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

let undici: Promise<typeof import('undici')> | undefined;
const loadUndici = (): Promise<typeof import('undici')> => (undici ??= import('undici'));

let pool: Promise<Agent> | undefined;

/**
 * One keep-alive pool for every client in the process. Its own timeouts are left at undici's
 * (minutes): each attempt's deadline is the client's (deadlines.ts), through the signal.
 */
function sharedPool(): Promise<Agent> {
  pool ??= loadUndici().then(
    ({ Agent }) =>
      new Agent({
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
        maxResponseSize: MAX_ANSWER_BYTES,
      }),
  );
  return pool;
}
