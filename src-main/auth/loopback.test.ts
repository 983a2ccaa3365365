import { afterEach, describe, expect, it } from 'vitest';
import { startLoopback, type Loopback, type LoopbackOutcome } from './loopback';

let loopback: Loopback | undefined;
afterEach(async () => {
  await loopback?.close();
  loopback = undefined;
});

describe('the loopback listener', () => {
  it('ignores strangers and stops after the one valid answer', async () => {
    const outcomes: LoopbackOutcome[] = [];
    loopback = await startLoopback({
      requestToken: 'tok123456',
      onOutcome: (o) => outcomes.push(o),
    });
    const base = new URL(loopback.url);
    expect(base.hostname).toBe('127.0.0.1');

    expect((await fetch(`${base.origin}/guess?request_token=tok123456&approved=true`)).status).toBe(
      404,
    );
    expect((await fetch(`${loopback.url}?request_token=other&approved=true`)).status).toBe(400);
    expect(outcomes).toEqual([]);

    const page = await fetch(`${loopback.url}?request_token=tok123456&denied=true`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('You can return to Marquee');
    expect(outcomes).toEqual(['denied']);
    await expect(fetch(`${loopback.url}?request_token=tok123456&approved=true`)).rejects.toThrow();
  });
});
