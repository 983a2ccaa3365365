import { describe, expect, it } from 'vitest';
import { buildRequest } from './build-request';
import { coalescingKey } from './coalesce';
import { json } from './testing/fake-fetch';
import { flush } from './testing/fake-time';
import { setupClient } from './testing/setup';
import { secrets, testTable as t } from './testing/test-endpoints';

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

  it('keys by user without the key holding a secret', () => {
    const def = t['GET /3/list/{list_id}'];
    const base = { apiBase: 'https://api.themoviedb.org' };
    const alice = buildRequest(
      def,
      { params: { list_id: 1 } },
      { apiKey: secrets.apiKey, sessionId: secrets.sessionId },
      base,
    );
    const anonymous = buildRequest(
      def,
      { params: { list_id: 1 } },
      { apiKey: secrets.apiKey },
      base,
    );
    const bearer = buildRequest(
      def,
      { params: { list_id: 1 } },
      { accessToken: secrets.accessToken },
      base,
    );
    const keys = [alice, anonymous, bearer].map(coalescingKey);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) {
      for (const secret of Object.values(secrets)) expect(key).not.toContain(secret);
      expect(key).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
