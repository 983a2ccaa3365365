import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openCatalogue, type TestClient } from './testing/client';
import { FaultInjector } from './faults';

let client: TestClient;
beforeAll(async () => {
  client = await openCatalogue({ seed: 3 });
});
afterAll(async () => {
  await client.catalogue.close();
});
beforeEach(() => {
  client.catalogue.faults.clear();
  client.catalogue.requests.reset();
});

const JOBS = '/3/configuration/jobs';

describe('fault injection', () => {
  it('answers 429 with Retry-After for the next N requests, then recovers', async () => {
    client.catalogue.faults.set([{ kind: 'rate_limit', next: 2, retryAfter: 3 }]);
    const first = await client.get(JOBS);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(first.body).toMatchObject({ status_code: 25 });
    expect((await client.get(JOBS)).status).toBe(429);
    expect((await client.get(JOBS)).status).toBe(200);
  });

  it('answers 429 without Retry-After when none is set', async () => {
    client.catalogue.faults.set([{ kind: 'rate_limit', next: 1 }]);
    const answer = await client.get(JOBS);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('fails every Nth request with the chosen 5xx', async () => {
    client.catalogue.faults.set([{ kind: 'server_error', every: 3, status: 503 }]);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await client.get(JOBS)).status);
    expect(statuses).toEqual([200, 200, 503, 200, 200, 503]);
  });

  it('limits a rule to matching paths', async () => {
    client.catalogue.faults.set([
      { kind: 'server_error', next: 5, status: 502, path: '/3/configuration/countries' },
    ]);
    expect((await client.get(JOBS)).status).toBe(200);
    expect((await client.get('/3/configuration/countries')).status).toBe(502);
  });

  it('drops the connection without an answer', async () => {
    client.catalogue.faults.set([{ kind: 'drop', next: 1 }]);
    await expect(client.get(JOBS)).rejects.toThrow();
    expect((await client.get(JOBS)).status).toBe(200);
  });

  it('adds latency', async () => {
    client.catalogue.faults.set([{ kind: 'latency', delayMs: 150, next: 1 }]);
    const started = performance.now();
    expect((await client.get(JOBS)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('rewrites a JSON answer (in process), then answers as before', async () => {
    client.catalogue.faults.set([
      {
        kind: 'corrupt',
        next: 1,
        path: JOBS,
        edit: (body) =>
          Array.isArray(body) ? [{ department: null, jobs: [] }, ...(body as unknown[])] : body,
      },
    ]);
    const corrupt = await client.get(JOBS);
    expect(corrupt.status).toBe(200);
    expect((corrupt.body as unknown[])[0]).toEqual({ department: null, jobs: [] });
    const clean = await client.get(JOBS);
    expect((clean.body as unknown[])[0]).not.toEqual({ department: null, jobs: [] });
    expect(client.catalogue.faults.fired.corrupt).toBe(1);
  });

  it('fires by rate from a seeded PRNG, the same way each time', () => {
    const run = (): boolean[] => {
      const faults = new FaultInjector([{ kind: 'server_error', rate: 0.3 }], 42);
      return Array.from({ length: 200 }, () => faults.decide('/3/x').action !== undefined);
    };
    const fired = run();
    expect(fired).toEqual(run());
    const count = fired.filter(Boolean).length;
    expect(count).toBeGreaterThan(30);
    expect(count).toBeLessThan(90);
    expect(new FaultInjector([{ kind: 'drop', rate: 0 }], 1).decide('/').action).toBeUndefined();
  });

  it('refuses a malformed plan', () => {
    expect(() => {
      client.catalogue.faults.set([{ kind: 'server_error', rate: 2 }]);
    }).toThrow(/rate/);
    expect(() => {
      client.catalogue.faults.set([{ kind: 'drop', next: 1, every: 2 }]);
    }).toThrow(/one of/);
  });

  it('is set over HTTP with the token, and counts requests per path', async () => {
    const admin = (
      method: string,
      path: string,
      body?: unknown,
      token = client.catalogue.accessToken,
    ): Promise<Response> =>
      fetch(`${client.catalogue.apiBase}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect(
      (await admin('POST', '/__admin/faults', [{ kind: 'drop', next: 1 }], 'wrong')).status,
    ).toBe(401);
    expect((await admin('POST', '/__admin/faults', [{ kind: 'teleport' }])).status).toBe(422);
    // A rule of a known kind with a field of the wrong type is refused too, not half-applied.
    expect(
      (await admin('POST', '/__admin/faults', [{ kind: 'latency', delayMs: 'slow' }])).status,
    ).toBe(422);
    // Every kind the injector knows is accepted through the route, the lost answer included.
    expect(
      (await admin('POST', '/__admin/faults', [{ kind: 'lost_answer', next: 1, path: '/nowhere' }]))
        .status,
    ).toBe(200);
    expect(
      (
        await admin('POST', '/__admin/faults', [
          { kind: 'server_error', next: 1, status: 500, pathPattern: '^/3/configuration/j' },
        ])
      ).status,
    ).toBe(200);
    expect((await client.get(JOBS)).status).toBe(500);
    await client.get(JOBS);
    const counts = (await (await admin('GET', '/__admin/requests')).json()) as {
      paths: Record<string, number>;
    };
    expect(counts.paths[JOBS]).toBe(2);
    expect(client.catalogue.requests.count(JOBS)).toBe(2);
  });
});
