import { describe, expect, it } from 'vitest';
import { TmdbHttpError } from './errors';
import { connectionRefused, json, sequence } from './testing/fake-fetch';
import { flush } from './testing/fake-time';
import { rejection, setupClient } from './testing/setup';
import { secrets } from './testing/test-endpoints';

const fightClub = { id: 550, title: 'Fight Club' };
const ok = (): Response => json(200, fightClub);
const unavailable = (): Response =>
  json(503, { status_code: 9, status_message: 'Service offline.' });
const tooMany =
  (headers: Record<string, string> = {}): (() => Response) =>
  () =>
    json(
      429,
      {
        status_code: 25,
        status_message: 'Your request count (41) is over the allowed limit of 40.',
      },
      headers,
    );
const status =
  (code: number): (() => Response) =>
  () =>
    json(201, { status_code: code, status_message: 'Success.' });

describe('table client: retries', () => {
  it('retries an idempotent GET on 5xx with jittered exponential backoff, then succeeds', async () => {
    const { client, calls, time } = setupClient(sequence(unavailable, unavailable, ok));
    const movie = await time.run(
      client.request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } }),
    );
    expect(movie).toEqual(fightClub);
    expect(calls).toHaveLength(3);
    // random() = 0.5: half of 250·2^0 and of 250·2^1.
    expect(time.sleeps).toEqual([125, 250]);
  });

  it('stops after the maximum retries and surfaces the last error', async () => {
    const { client, calls, time, log } = setupClient(() => connectionRefused(), {
      random: () => 0.999,
    });
    const error = await rejection(
      time.run(client.request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } })),
    );
    expect(error.code).toBe('offline');
    expect(calls).toHaveLength(5);
    expect(time.sleeps).toEqual([249, 499, 999, 1998]);
    expect(log.lines.filter((l) => l.includes('"tmdb.retry"'))).toHaveLength(4);
    expect(log.lines.some((l) => l.includes('"tmdb.failed"'))).toBe(true);
  });

  it('caps the backoff at 8 s', async () => {
    const { client, time } = setupClient(() => connectionRefused(), {
      random: () => 0.999,
      maxRetries: 8,
    });
    await rejection(
      time.run(client.request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } })),
    );
    expect(Math.max(...time.sleeps)).toBeLessThanOrEqual(8000);
    expect(time.sleeps.at(-1)).toBe(7992);
  });

  it('honours Retry-After instead of its own backoff', async () => {
    const { client, calls, time } = setupClient(sequence(tooMany({ 'Retry-After': '2' }), ok));
    await time.run(client.request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } }));
    expect(calls).toHaveLength(2);
    expect(time.sleeps).toEqual([2000]);
  });

  it('retries a non-idempotent POST on 429, because TMDB did not act on it', async () => {
    const { client, calls, time } = setupClient(sequence(tooMany(), status(1)));
    const result = await time.run(
      client.request('POST /3/account/{account_id}/watchlist', {
        params: { account_id: 1 },
        body: { media_type: 'movie', media_id: 550, watchlist: true },
      }),
    );
    expect(result).toMatchObject({ status_code: 1 });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toBe('{"media_type":"movie","media_id":550,"watchlist":true}');
  });

  it('does not repeat a non-idempotent POST after a 5xx or a dropped connection', async () => {
    const body = { media_type: 'movie' as const, media_id: 550, watchlist: true };
    const a = setupClient(unavailable);
    const upstream = await rejection(
      a.time.run(
        a.client.request('POST /3/account/{account_id}/watchlist', {
          params: { account_id: 1 },
          body,
        }),
      ),
    );
    expect(upstream.code).toBe('upstream');
    expect(a.calls).toHaveLength(1);

    const b = setupClient(() => connectionRefused());
    const offline = await rejection(
      b.time.run(
        b.client.request('POST /3/account/{account_id}/watchlist', {
          params: { account_id: 1 },
          body,
        }),
      ),
    );
    expect(offline.code).toBe('offline');
    expect(b.calls).toHaveLength(1);
  });

  it('never retries a schema mismatch or a 404', async () => {
    const a = setupClient(() => json(200, { id: 'x', title: 'y' }));
    expect(
      (
        await rejection(
          a.time.run(a.client.request('GET /3/movie/{movie_id}', { params: { movie_id: 1 } })),
        )
      ).code,
    ).toBe('schema_mismatch');
    expect(a.calls).toHaveLength(1);
    const b = setupClient(() =>
      json(404, {
        success: false,
        status_code: 34,
        status_message: 'The resource you requested could not be found.',
      }),
    );
    expect(
      (
        await rejection(
          b.time.run(b.client.request('GET /3/movie/{movie_id}', { params: { movie_id: 1 } })),
        )
      ).code,
    ).toBe('not_found');
    expect(b.calls).toHaveLength(1);
  });

  it('surfaces a 429 whose Retry-After is too long to wait for', async () => {
    const { client, calls, time } = setupClient(tooMany({ 'Retry-After': '3600' }));
    const error = await rejection(
      time.run(client.request('GET /3/movie/{movie_id}', { params: { movie_id: 1 } })),
    );
    expect(error.code).toBe('rate_limited');
    expect(calls).toHaveLength(1);
  });

  it('stops waiting for a retry when the caller aborts', async () => {
    const controller = new AbortController();
    const { client, calls } = setupClient(unavailable);
    const pending = client.request(
      'GET /3/movie/{movie_id}',
      { params: { movie_id: 1 } },
      { signal: controller.signal },
    );
    const outcome = rejection(pending);
    await flush(); // let the first attempt fail and the backoff start
    controller.abort();
    expect((await outcome).name).toBe('AbortError');
    expect(calls).toHaveLength(1);
  });
});

describe('table client: input and network state', () => {
  it('rejects bad input before any network call', async () => {
    const { client, calls } = setupClient(ok);
    const error = await rejection(
      client.request('GET /3/movie/{movie_id}', { params: { movie_id: -1 } }),
    );
    expect(error.code).toBe('invalid_input');
    expect(calls).toHaveLength(0);
  });

  it('rejects an unknown endpoint key', async () => {
    const { client } = setupClient(ok);
    const error = await rejection(client.request('GET /3/nope' as never));
    expect(error.code).toBe('invalid_input');
  });

  it('needs a session for session endpoints and does not call TMDB without one', async () => {
    const { client, calls } = setupClient(ok, {}, { accessToken: secrets.accessToken });
    const error = await rejection(
      client.request('GET /3/account/{account_id}/watchlist/movies', { params: { account_id: 1 } }),
    );
    expect(error.code).toBe('unauthorized');
    expect(calls).toHaveLength(0);
  });

  it('reports offline on a network failure and online again on any HTTP answer', async () => {
    const { client, network, time } = setupClient(
      sequence(
        () => connectionRefused(),
        () => json(404, {}),
        ok,
      ),
    );
    await rejection(time.run(client.request('GET /3/list/{list_id}', { params: { list_id: 1 } })));
    expect(network.map(([online]) => online)).toEqual([false, true]);
    await time.run(client.request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } }));
    expect(network.map(([online]) => online)).toEqual([false, true, true]);
    expect(network[0]?.[1]).toMatch(/Could not reach TMDB/);
  });

  it('reads credentials and defaults at each request, so sign-in and language changes apply at once', async () => {
    let creds: { accessToken: string; sessionId?: string } = { accessToken: secrets.accessToken };
    let language = 'en-US';
    const { client, calls, time } = setupClient(() => json(200, { id: 1, name: 'l' }), {
      credentials: () => creds,
      defaults: () => ({ language }),
    });
    await time.run(client.request('GET /3/list/{list_id}', { params: { list_id: 1 } }));
    creds = { ...creds, sessionId: secrets.sessionId };
    language = 'de-DE';
    await time.run(client.request('GET /3/list/{list_id}', { params: { list_id: 1 } }));
    expect(calls[0]?.url).toBe('https://api.themoviedb.org/3/list/1?language=en-US');
    expect(calls[1]?.url).toBe(
      `https://api.themoviedb.org/3/list/1?language=de-DE&session_id=${secrets.sessionId}`,
    );
  });
});

describe('table client: TMDB quirks', () => {
  const deleteAnswer = (): Response =>
    json(500, {
      success: false,
      status_code: 11,
      status_message: 'Internal error: Something went wrong, contact TMDb.',
    });

  it('treats DELETE list answering 500/11 as success when a GET then finds no list', async () => {
    const { client, calls, time } = setupClient(
      sequence(deleteAnswer, () =>
        json(404, {
          success: false,
          status_code: 34,
          status_message: 'The resource you requested could not be found.',
        }),
      ),
    );
    const result = await time.run(
      client.request('DELETE /3/list/{list_id}', { params: { list_id: 8 } }),
    );
    expect(result).toMatchObject({ status_code: 13, success: true });
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      'DELETE /3/list/8',
      'GET /3/list/8',
    ]);
    // The confirming GET is made as the same user, so a private list is seen.
    expect(new URL(calls[1]?.url ?? '').searchParams.get('session_id')).toBe(secrets.sessionId);
  });

  it('surfaces the delete error when the list is still there', async () => {
    const { client, time } = setupClient(
      sequence(deleteAnswer, () => json(200, { id: 8, name: 'Still here' })),
    );
    const error = await rejection(
      time.run(client.request('DELETE /3/list/{list_id}', { params: { list_id: 8 } })),
    );
    expect(error).toBeInstanceOf(TmdbHttpError);
    expect(error).toMatchObject({ code: 'upstream', tmdbStatus: 11 });
  });

  it('treats a 404 on a retried list delete as done: the lost first answer had deleted it', async () => {
    const notFound = (): Response =>
      json(404, {
        success: false,
        status_code: 34,
        status_message: 'The resource you requested could not be found.',
      });
    const { client, calls, time } = setupClient(sequence(() => connectionRefused(), notFound));
    const result = await time.run(
      client.request('DELETE /3/list/{list_id}', { params: { list_id: 8 } }),
    );
    expect(result).toMatchObject({ status_code: 13 });
    expect(calls).toHaveLength(2);

    // Without a retry, a 404 is simply "no such list".
    const fresh = setupClient(notFound);
    const error = await rejection(
      fresh.time.run(fresh.client.request('DELETE /3/list/{list_id}', { params: { list_id: 8 } })),
    );
    expect(error.code).toBe('not_found');
  });

  it('sends confirm=true with every list clear', async () => {
    const { client, calls, time } = setupClient(status(12));
    await time.run(client.request('POST /3/list/{list_id}/clear', { params: { list_id: 3 } }));
    expect(new URL(calls[0]?.url ?? '').searchParams.get('confirm')).toBe('true');
  });
});
