import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPreferences, type Preferences } from '../../changes/preferences';
import { createPreferenceStore } from '../../changes/store/preferences';
import { HOUR, T0, device, trackingData, type Device } from './testing/devices';

const providers = z.array(z.number());

/*
 * A preference (the streaming services chosen, a title not wanted) follows the person: the
 * newest write wins on every computer, whatever order the changes arrive in.
 */
describe('merging preferences from another computer', () => {
  let a: Device;
  let b: Device;
  let prefsA: Preferences;
  let prefsB: Preferences;
  const prefsOf = (d: Device): Preferences =>
    createPreferences({
      store: createPreferenceStore(d.db),
      changes: d.changes,
      clock: () => d.clock.now,
    });
  beforeEach(() => {
    a = device('a');
    b = device('b', { now: T0 + 5 * 60_000 });
    prefsA = prefsOf(a);
    prefsB = prefsOf(b);
  });
  afterEach(() => {
    a.close();
    b.close();
  });

  it('carries a preference set on one computer to the other', async () => {
    prefsA.set('services', [8, 337]);
    prefsA.set('picks.hidden:movie:603', true);
    await b.receive(a.own());
    expect(prefsB.get('services', providers, [])).toEqual([8, 337]);
    expect([...prefsB.entries('picks.hidden:', z.boolean())]).toEqual([
      ['picks.hidden:movie:603', true],
    ]);
    expect(trackingData(b.db)).toEqual(trackingData(a.db));
  });

  it('keeps the newest write whichever computer hears of the other first', async () => {
    prefsA.set('services', [8]);
    b.clock.now = T0 + HOUR;
    prefsB.set('services', [9]);
    const fromA = a.own();
    const fromB = b.own();
    await b.receive(fromA);
    await a.receive(fromB);
    expect(prefsA.get('services', providers, [])).toEqual([9]);
    expect(prefsB.get('services', providers, [])).toEqual([9]);
    // Read again, in the other order: nothing moves.
    await a.receive([...fromB, ...fromA]);
    expect(trackingData(a.db)).toEqual(trackingData(b.db));
  });

  it('lets a write made after seeing a clock from 2040 win over it', async () => {
    a.clock.now = Date.UTC(2040, 0, 1);
    prefsA.set('services', [8]);
    await b.receive(a.own());
    prefsB.set('services', [350]);
    await a.receive(b.own());
    expect(prefsA.get('services', providers, [])).toEqual([350]);
  });

  it('refuses a preference change that names another key than its own', async () => {
    prefsA.set('services', [8]);
    const [change] = a.own();
    if (!change) throw new Error('one change expected');
    const result = await b.merge.merge([{ ...change, entity: 'pref:other' }]);
    expect(result.adopted).toEqual([]);
    expect(prefsB.get('services', providers, [])).toEqual([]);
  });
});
