import { describe, expect, it } from 'vitest';
import { buildRequest } from './request';
import { coalescingKey } from './coalesce';
import { json } from './testing/fake-fetch';
import { flush } from './testing/fake-time';
import { setupClient } from './testing/setup';
import { secrets, testTable as t } from './testing/test-endpoints';
import type { TmdbCredentials } from './types';

/** A fetch whose answer the test releases by hand. */
function gated(): { respond: () => Promise<Response>; open: () => void } {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    respond: () => gate.then(() => json(200, { id: 550, title: 'Fight Club' })),
    open: () => {
      open();
    },
  };
}

describe('coalescing identical GETs', () => {
  it('sends 50 concurrent identical GETs as one request and gives every caller the answer', async () => {
    const { respond, open } = gated();
    const { client, calls, time } = setupClient(respond);
    const all = Promise.all(
      Array.from({ length: 50 }, () =>
        client.request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } }),
      ),
    );
    await flush();
    open();
    const results = await time.run(all);
    expect(calls).toHaveLength(1);
    expect(results).toHaveLength(50);
    expect(new Set(results.map((r) => r.title))).toEqual(new Set(['Fight Club']));
  });

  it('asks TMDB again once the shared answer has arrived, after a success or a failure', async () => {
    let status = 500;
    const { client, calls, time } = setupClient(
      () => json(status, { id: 550, title: 'Fight Club' }),
      {
        maxRetries: 0,
      },
    );
    const get = () => client.request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } });
    await expect(time.run(get())).rejects.toMatchObject({ httpStatus: 500 });
    status = 200;
    expect((await time.run(get())).title).toBe('Fight Club');
    expect((await time.run(get())).title).toBe('Fight Club');
    expect(calls).toHaveLength(3);
  });

  it('keeps serving the others when one caller aborts', async () => {
    const { respond, open } = gated();
    const { client, calls } = setupClient(respond);
    const controller = new AbortController();
    const leaver = client.request(
      'GET /3/movie/{movie_id}',
      { params: { movie_id: 550 } },
      { signal: controller.signal },
    );
    const stayer = client.request('GET /3/movie/{movie_id}', { params: { movie_id: 550 } });
    await flush();
    controller.abort();
    await expect(leaver).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls[0]?.signal?.aborted).toBe(false);
    open();
    await expect(stayer).resolves.toMatchObject({ id: 550 });
    expect(calls).toHaveLength(1);
  });

  it('cancels the shared request once every caller has aborted', async () => {
    const { respond } = gated();
    const { client, calls } = setupClient(respond);
    const a = new AbortController();
    const b = new AbortController();
    const first = client.request(
      'GET /3/movie/{movie_id}',
      { params: { movie_id: 550 } },
      { signal: a.signal },
    );
    const second = client.request(
      'GET /3/movie/{movie_id}',
      { params: { movie_id: 550 } },
      { signal: b.signal },
    );
    await flush();
    a.abort();
    b.abort();
    await expect(first).rejects.toThrow();
    await expect(second).rejects.toThrow();
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it('does not share an answer between different requests or different users', async () => {
    const { client, calls, time } = setupClient((req) =>
      json(200, { id: Number(new URL(req.url).pathname.split('/')[3]), name: 'l' }),
    );
    await time.run(
      Promise.all([
        client.request('GET /3/list/{list_id}', { params: { list_id: 1 } }),
        client.request('GET /3/list/{list_id}', { params: { list_id: 2 } }),
        client.request('GET /3/list/{list_id}', { params: { list_id: 1 }, query: { page: 2 } }),
      ]),
    );
    expect(calls).toHaveLength(3);
  });

  it('does not coalesce writes', async () => {
    const { client, calls, time } = setupClient(() =>
      json(201, { status_code: 12, status_message: 'ok' }),
    );
    const rate = (): Promise<unknown> =>
      client.request('POST /3/movie/{movie_id}/rating', {
        params: { movie_id: 550 },
        body: { value: 8 },
      });
    await time.run(Promise.all([rate(), rate()]));
    expect(calls).toHaveLength(2);
  });

  it('names a request without any of its secrets, and apart for each identity', () => {
    const def = t['GET /3/list/{list_id}'];
    const base = { apiBase: 'https://api.themoviedb.org' };
    const args = { params: { list_id: 1 }, query: { page: 2 } };
    const alice = buildRequest(
      def,
      args,
      { apiKey: secrets.apiKey, sessionId: secrets.sessionId },
      base,
    );
    const bearer = buildRequest(def, args, { accessToken: secrets.accessToken }, base);
    // The secrets are on the wire, and nowhere in the key.
    expect(alice.url).toContain(secrets.sessionId);
    const keys = [coalescingKey(alice, 1), coalescingKey(bearer, 2)];
    expect(keys).toEqual(['1 GET /3/list/1?page=2', '2 GET /3/list/1?page=2']);
    for (const key of keys) {
      for (const secret of Object.values(secrets)) expect(key).not.toContain(secret);
    }
  });

  it('keys a guest session in the path by identity, and sends a foreign one alone', () => {
    const def = t['GET /3/guest_session/{guest_session_id}/rated/movies'];
    const base = { apiBase: 'https://api.themoviedb.org' };
    const own = buildRequest(
      def,
      {},
      { accessToken: secrets.accessToken, guestSessionId: secrets.guestSessionId },
      base,
    );
    expect(own.url).toContain(secrets.guestSessionId);
    expect(coalescingKey(own, 3)).toBe('3 GET /3/guest_session/{guest_session_id}/rated/movies');
    const foreign = buildRequest(
      def,
      { params: { guest_session_id: 'another-guest-session-0042' } },
      { accessToken: secrets.accessToken, guestSessionId: secrets.guestSessionId },
      base,
    );
    expect(foreign.target).not.toContain('another-guest-session-0042');
    expect(coalescingKey(foreign, 3)).toBeUndefined();
  });

  it('does not share an answer across a sign-in', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const respond = (): Promise<Response> => gate.then(() => json(200, { id: 1, name: 'Mine' }));
    let credentials: TmdbCredentials = { accessToken: secrets.accessToken };
    const { client, calls, time } = setupClient(respond, {}, () => credentials);
    const anonymous = client.request('GET /3/list/{list_id}', { params: { list_id: 1 } });
    credentials = { accessToken: secrets.accessToken, sessionId: secrets.sessionId };
    const signedIn = client.request('GET /3/list/{list_id}', { params: { list_id: 1 } });
    await flush();
    open();
    await time.run(Promise.all([anonymous, signedIn]));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url).toContain(`session_id=${secrets.sessionId}`);
  });
});
