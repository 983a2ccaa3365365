import { getEventListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildRequest } from './request';
import { TmdbHttpError, TmdbNetworkError, TmdbSchemaError, TmdbTimeoutError } from './errors';
import { sendOnce, type AttemptContext } from './send';
import {
  connectionRefused,
  hang,
  json,
  recordingFetch,
  type Responder,
} from './testing/fake-fetch';
import { fetchTransport } from './transport';
import { secrets, testTable as t } from './testing/test-endpoints';

// The recorded TMDB answers live beside the repository (see DESIGN.md §1).
const fixtures = join(import.meta.dirname, '../../../shared/tmdb/fixtures');
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));

const def = t['GET /3/movie/{movie_id}'];
const key = 'GET /3/movie/{movie_id}';
const request = buildRequest(
  def,
  { params: { movie_id: 550 } },
  { accessToken: secrets.accessToken },
  {
    apiBase: 'https://api.themoviedb.org',
  },
);

function attempt(
  respond: Responder,
  extra: Partial<AttemptContext> = {},
  signal?: AbortSignal,
): { run: Promise<unknown>; onNetwork: ReturnType<typeof vi.fn> } {
  const { fetch } = recordingFetch(respond);
  const onNetwork = vi.fn();
  const run = sendOnce(
    request,
    {
      key,
      response: def.response,
      transport: fetchTransport(fetch),
      timeoutMs: 10_000,
      clock: () => 0,
      onNetwork,
      ...extra,
    },
    signal,
  );
  return { run, onNetwork };
}

async function failure(
  run: Promise<unknown>,
): Promise<Error & { code?: string; tmdbStatus?: number }> {
  try {
    await run;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected the attempt to fail');
}

describe('sendOnce', () => {
  it('returns the body validated by the entry’s schema, unknown fields kept', async () => {
    const { run, onNetwork } = attempt(() =>
      json(200, { id: 550, title: 'Fight Club', runtime: 139 }),
    );
    await expect(run).resolves.toEqual({ id: 550, title: 'Fight Club', runtime: 139 });
    expect(onNetwork).toHaveBeenCalledWith(true);
  });

  it('names the endpoint and the bad field when the body does not fit, and never calls that an HTTP failure', async () => {
    const { run } = attempt(() => json(200, { id: '550', title: 'Fight Club' }));
    const error = await failure(run);
    expect(error).toBeInstanceOf(TmdbSchemaError);
    expect(error.code).toBe('schema_mismatch');
    expect(error.message).toBe('GET /3/movie/{movie_id}: id: expected number, received string');
  });

  it('gives the path of a nested bad field', async () => {
    const search = t['GET /3/search/movie'];
    const built = buildRequest(
      search,
      { query: { query: 'x' } },
      { apiKey: secrets.apiKey },
      { apiBase: 'http://x' },
    );
    const results = [0, 1, 2, 3].map((i) => ({ id: i === 3 ? 'bad' : i, title: 't' }));
    const { fetch } = recordingFetch(() => json(200, { page: 1, results }));
    const error = await failure(
      sendOnce(built, {
        key: 'GET /3/search/movie',
        response: search.response,
        transport: fetchTransport(fetch),
        timeoutMs: 1000,
        clock: () => 0,
      }),
    );
    expect(error.message).toBe(
      'GET /3/search/movie: results.3.id: expected number, received string',
    );
  });

  it('reports a success body that is not JSON as a schema mismatch', async () => {
    const { run } = attempt(() => new Response('<html>oops</html>', { status: 200 }));
    const error = await failure(run);
    expect(error.code).toBe('schema_mismatch');
    expect(error.message).toMatch(/not JSON/);
  });

  it.each([
    ['error_7_invalid_api_key__2.json', 401, 'unauthorized', 7, /API key/],
    ['error_17_session_denied__1.json', 401, 'unauthorized', 17, /session/i],
    ['error_3_auth_failed__1.json', 401, 'unauthorized', 3, /Sign in again/],
    ['error_34_not_found__1.json', 404, 'not_found', 34, /could not find/],
    ['error_25_rate_limit__1.json', 429, 'rate_limited', 25, /Too many requests/],
  ])(
    'maps TMDB’s %s (HTTP %i) to %s with its status_code',
    async (file, status, code, tmdbStatus, text) => {
      const { run, onNetwork } = attempt(() => json(status, fixture(file)));
      const error = await failure(run);
      expect(error).toBeInstanceOf(TmdbHttpError);
      expect(error).toMatchObject({ code, tmdbStatus, httpStatus: status });
      expect(error.message).toMatch(text);
      expect(error.message).toContain(key);
      // An HTTP answer, even an error, means TMDB is reachable.
      expect(onNetwork).toHaveBeenCalledWith(true);
    },
  );

  it('maps the 422 validation body (an errors array) to invalid_input with TMDB’s words', async () => {
    const error = await failure(
      attempt(() => json(422, fixture('error_422_validation__1.json'))).run,
    );
    expect(error).toMatchObject({ code: 'invalid_input', tmdbStatus: undefined });
    expect(error.message).toContain('query must be provided');
  });

  it.each([400, 500, 502, 503])('maps HTTP %i without a JSON body', async (status) => {
    const error = await failure(attempt(() => new Response('Bad Gateway', { status })).run);
    expect(error.code).toBe(status === 400 ? 'invalid_input' : 'upstream');
    expect(error.message).toContain(`HTTP ${status}`);
  });

  it('reads Retry-After in seconds and as an HTTP date', async () => {
    const seconds = await failure(attempt(() => json(429, {}, { 'Retry-After': '3' })).run);
    expect(seconds).toMatchObject({ retryAfterMs: 3000 });
    const at = Date.parse('Wed, 21 Oct 2026 07:28:05 GMT');
    const dated = await failure(
      attempt(() => json(429, {}, { 'Retry-After': 'Wed, 21 Oct 2026 07:28:05 GMT' }), {
        clock: () => at - 1500,
      }).run,
    );
    expect(dated).toMatchObject({ retryAfterMs: 1500 });
  });

  it('turns a refused connection into an offline error and reports the network down', async () => {
    const { run, onNetwork } = attempt(() => connectionRefused());
    const error = await failure(run);
    expect(error).toBeInstanceOf(TmdbNetworkError);
    expect(error.code).toBe('offline');
    expect(error.message).toContain('ECONNREFUSED');
    expect(onNetwork).toHaveBeenCalledWith(false, error.message);
  });

  it('gives up on an attempt after the timeout and reports the network down', async () => {
    const { run, onNetwork } = attempt(hang, { timeoutMs: 20 });
    const error = await failure(run);
    expect(error).toBeInstanceOf(TmdbTimeoutError);
    expect(error.code).toBe('timeout');
    expect(onNetwork).toHaveBeenCalledWith(false, error.message);
  });

  it('rethrows the caller’s abort as an abort, not as a network failure', async () => {
    const controller = new AbortController();
    const { run, onNetwork } = attempt(hang, {}, controller.signal);
    controller.abort();
    const error = await failure(run);
    expect(error.name).toBe('AbortError');
    expect(onNetwork).not.toHaveBeenCalled();
  });
});

describe('sendOnce and the caller’s signal', () => {
  it('cancels the request on the wire when the caller aborts mid-flight', async () => {
    const controller = new AbortController();
    const { fetch, calls } = recordingFetch(hang);
    const run = sendOnce(
      request,
      {
        key,
        response: def.response,
        transport: fetchTransport(fetch),
        timeoutMs: 10_000,
        clock: () => 0,
      },
      controller.signal,
    );
    controller.abort();
    await failure(run);
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it('leaves no listener behind on a signal the caller keeps for many requests', async () => {
    const controller = new AbortController();
    const { fetch } = recordingFetch(() => json(200, { id: 550, title: 'Fight Club' }));
    for (let i = 0; i < 30; i++) {
      await sendOnce(
        request,
        {
          key,
          response: def.response,
          transport: fetchTransport(fetch),
          timeoutMs: 10_000,
          clock: () => 0,
        },
        controller.signal,
      );
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
