import { describe, expect, it } from 'vitest';
import { RequestLimiter } from './limiter';
import { json } from './testing/fake-fetch';
import { FakeTime } from './testing/fake-time';
import { setupClient } from './testing/setup';

/** The most starts in any window of one second. */
function peakPerSecond(starts: number[]): number {
  let peak = 0;
  for (let i = 0; i < starts.length; i++) {
    const from = starts[i] ?? 0;
    peak = Math.max(peak, starts.filter((t) => t >= from && t < from + 1000).length);
  }
  return peak;
}

describe('RequestLimiter', () => {
  it('keeps 100 queued requests within 8 in flight and 35 starts per second', async () => {
    let inFlight = 0;
    let peakInFlight = 0;
    const starts: number[] = [];
    const { client, time } = setupClient(async (request) => {
      starts.push(time.now);
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      await time.sleep(120); // TMDB takes a while to answer
      inFlight -= 1;
      const id = Number(new URL(request.url).pathname.split('/').at(-1));
      return json(200, { id, title: `Film ${id}` });
    });
    const all = Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client.request('GET /3/movie/{movie_id}', { params: { movie_id: i + 1 } }),
      ),
    );
    const results = await time.run(all);
    expect(results.map((r) => r.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(starts).toHaveLength(100);
    expect(peakInFlight).toBe(8);
    expect(peakPerSecond(starts)).toBeLessThanOrEqual(35);
  });

  it('lets the rate cap bind when TMDB answers instantly', async () => {
    const starts: number[] = [];
    const { client, time } = setupClient((request) => {
      starts.push(time.now);
      return json(200, { id: Number(new URL(request.url).pathname.split('/').at(-1)), title: 't' });
    });
    const all = Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client.request('GET /3/movie/{movie_id}', { params: { movie_id: i + 1 } }),
      ),
    );
    await time.run(all);
    expect(peakPerSecond(starts)).toBe(35);
    // 35 + 35 + 30: the last batch may start only two seconds in.
    expect(Math.max(...starts)).toBeGreaterThanOrEqual(2000);
  });

  it('serves waiters in order and drops one whose caller aborted', async () => {
    const time = new FakeTime();
    const limiter = new RequestLimiter({
      maxConcurrency: 1,
      ratePerSecond: 100,
      clock: time.clock,
      sleep: time.sleep,
    });
    const order: string[] = [];
    const first = await limiter.acquire();
    const controller = new AbortController();
    const second = limiter.acquire(controller.signal).then(() => order.push('second'));
    const third = limiter.acquire().then((release) => {
      order.push('third');
      release();
    });
    controller.abort();
    await expect(second).rejects.toThrow();
    expect(limiter.queued).toBe(1);
    first();
    await third;
    expect(order).toEqual(['third']);
    expect(limiter.inFlight).toBe(0);
  });

  it('ignores a second release of the same slot', async () => {
    const time = new FakeTime();
    const limiter = new RequestLimiter({
      maxConcurrency: 2,
      ratePerSecond: 100,
      clock: time.clock,
      sleep: time.sleep,
    });
    const release = await limiter.acquire();
    await limiter.acquire();
    release();
    release();
    expect(limiter.inFlight).toBe(1);
  });

  it('starts at once without queueing only while both caps allow it', async () => {
    const time = new FakeTime();
    const limiter = new RequestLimiter({
      maxConcurrency: 2,
      ratePerSecond: 3,
      clock: time.clock,
      sleep: time.sleep,
    });
    const a = limiter.tryAcquire();
    const b = limiter.tryAcquire();
    expect(a).toBeTypeOf('function');
    expect(b).toBeTypeOf('function');
    // Two in flight: the concurrency cap is full.
    expect(limiter.tryAcquire()).toBeUndefined();
    a?.();
    const c = limiter.tryAcquire();
    expect(c).toBeTypeOf('function');
    b?.();
    c?.();
    // Three starts within this second: the rate cap is full until the window moves on.
    expect(limiter.tryAcquire()).toBeUndefined();
    const waiting = limiter.acquire();
    expect(limiter.queued).toBe(1);
    time.now += 1000;
    (await time.run(waiting))();
    expect(limiter.inFlight).toBe(0);
  });

  it('keeps the sliding window exact over many thousands of starts', async () => {
    let now = 0;
    const limiter = new RequestLimiter({
      maxConcurrency: 1,
      ratePerSecond: 50,
      clock: () => now,
      sleep: () => new Promise(() => undefined),
    });
    let started = 0;
    // 10,000 starts, 1 ms apart: each second admits 50, no more, however long the run.
    for (let ms = 0; ms < 10_000; ms++) {
      now = ms;
      const release = limiter.tryAcquire();
      if (release) {
        started += 1;
        release();
      }
    }
    expect(started).toBe(500);
    await Promise.resolve();
  });
});
