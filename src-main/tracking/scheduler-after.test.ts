import { afterEach, describe, expect, it } from 'vitest';
import { RefreshScheduler } from './scheduler';
import { FakeSource } from './testing/fake-source';
import { tempTracking, type TempTracking } from './testing/temp-tracking';

const NOW = Date.UTC(2025, 2, 10, 12);

/* Another domain's refresh (watch providers of watched titles) rides on each online run. */
describe('work after each refresh run', () => {
  let t: TempTracking | undefined;
  afterEach(() => {
    t?.cleanup();
  });

  function scheduler(online: () => boolean, after: () => Promise<void>): RefreshScheduler {
    const tracking = tempTracking({ now: NOW });
    t = tracking;
    return new RefreshScheduler({
      target: tracking.tracking.refresh,
      source: new FakeSource(),
      clock: () => tracking.clock.now,
      every: () => () => undefined,
      online,
      onOnline: () => () => undefined,
      onProgress: () => undefined,
      onInbox: () => undefined,
      unread: () => 0,
      log: { info: () => undefined, warn: () => undefined },
      after,
    });
  }

  it('runs after each run that went online, never offline, and a failure of it is only logged', async () => {
    let online = true;
    const ran: string[] = [];
    let fail = false;
    const s = scheduler(
      () => online,
      () => {
        ran.push('after');
        return fail ? Promise.reject(new Error('providers failed')) : Promise.resolve();
      },
    );
    expect(await s.run()).toMatchObject({ outcome: 'done' });
    expect(ran).toEqual(['after']);
    online = false;
    expect(await s.run()).toMatchObject({ outcome: 'offline' });
    expect(ran).toEqual(['after']);
    online = true;
    fail = true;
    expect(await s.run()).toMatchObject({ outcome: 'done' });
    expect(ran).toEqual(['after', 'after']);
  });
});
