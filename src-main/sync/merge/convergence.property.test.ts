import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SharedChange } from '../../changes/types';
import type { FollowState, Play } from '../../tracking/types';
import { replayInOrder } from './testing/replay';
import { HOUR, INBOX_KEYS, T0, device, trackingData, type Device } from './testing/devices';

/*
 * Convergence: computers that make changes of their own and receive each other's in any order,
 * late, or twice, hold the same tracking data once every computer has seen every change; and that
 * data is what applying all the changes one by one in clock order gives.
 */

type Op =
  | { op: 'mark' | 'unmark'; on: number; series: number; episode: number }
  | { op: 'undo'; on: number }
  | { op: 'follow'; on: number; series: number; follow: FollowState }
  | { op: 'hide'; on: number; series: number; hidden: boolean }
  | { op: 'snooze'; on: number; series: number; days: number | null }
  | { op: 'read'; on: number; item: number }
  /** `from`'s own changes picked by index (any order, repeats), received by `to`. */
  | { op: 'deliver'; from: number; to: number; picks: number[] }
  | { op: 'wait'; minutes: number };

const on = fc.nat(4);
const series = fc.integer({ min: 1, max: 2 });
const playOp = fc.record({
  op: fc.constantFrom('mark' as const, 'unmark' as const),
  on,
  series,
  episode: fc.integer({ min: 1, max: 2 }),
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  playOp,
  playOp,
  fc.record({ op: fc.constant('undo' as const), on }),
  fc.record({
    op: fc.constant('follow' as const),
    on,
    series,
    follow: fc.constantFrom<FollowState>('none', 'follow', 'unfollow'),
  }),
  fc.record({ op: fc.constant('hide' as const), on, series, hidden: fc.boolean() }),
  fc.record({
    op: fc.constant('snooze' as const),
    on,
    series,
    days: fc.option(fc.integer({ min: 1, max: 30 })),
  }),
  fc.record({ op: fc.constant('read' as const), on, item: fc.nat(INBOX_KEYS.length - 1) }),
  fc.record({
    op: fc.constant('deliver' as const),
    from: on,
    to: on,
    picks: fc.array(fc.nat(50), { maxLength: 6 }),
  }),
  fc.record({ op: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 180 }) }),
);

/** Per computer, its clock's error: up to ±12 hours, or set to 2040. */
const skewArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -12 * HOUR, max: 12 * HOUR }) },
  { weight: 1, arbitrary: fc.constant(Date.UTC(2040, 0, 1) - T0) },
);

const order = (a: SharedChange, b: SharedChange): number =>
  a.hlc !== b.hlc
    ? a.hlc < b.hlc
      ? -1
      : 1
    : a.device !== b.device
      ? a.device < b.device
        ? -1
        : 1
      : a.id < b.id
        ? -1
        : 1;

/** A fixed pseudo-random order of changes for one seed. */
const shuffled = (changes: SharedChange[], seed: number): SharedChange[] => {
  const key = (c: SharedChange): number => {
    let h = seed | 0;
    for (const ch of c.id) h = Math.imul(h ^ ch.charCodeAt(0), 0x5bd1e995);
    return h;
  };
  return [...changes].sort((x, y) => key(x) - key(y));
};

async function run(skews: number[], ops: Op[], seed: number): Promise<void> {
  const devices = skews.map((skew, i) => device(`d${String(i)}`, { now: T0 + skew, chunkSize: 3 }));
  const undo = new Map<Device, Play[]>();
  let t = 0;
  const at = (i: number): Device => devices[i % devices.length] as Device;
  try {
    for (const op of ops) {
      if (op.op === 'wait') {
        t += op.minutes * 60_000;
        devices.forEach((d, i) => {
          d.clock.now = T0 + (skews[i] ?? 0) + t;
        });
        continue;
      }
      if (op.op === 'deliver') {
        const from = at(op.from);
        const to = at(op.to);
        const own = from.own();
        if (from === to || own.length === 0) continue;
        await to.receive(op.picks.map((p) => own[p % own.length] as SharedChange));
        continue;
      }
      const d = at(op.on);
      const target = 'series' in op ? op.series : 0;
      switch (op.op) {
        case 'mark':
          d.tracking.mark({ scope: 'episode', seriesId: target, season: 1, episode: op.episode });
          break;
        case 'unmark': {
          const { removed } = d.tracking.unmark({
            scope: 'episode',
            seriesId: target,
            season: 1,
            episode: op.episode,
          });
          if (removed.length > 0) undo.set(d, removed);
          break;
        }
        case 'undo':
          d.tracking.restore(undo.get(d) ?? []);
          undo.delete(d);
          break;
        case 'follow':
          d.tracking.setFollow(target, op.follow);
          break;
        case 'hide':
          d.tracking.setHidden(target, op.hidden);
          break;
        case 'snooze':
          d.tracking.snooze(target, op.days === null ? null : d.clock.now + op.days * 24 * HOUR);
          break;
        case 'read': {
          const key = INBOX_KEYS[op.item];
          const id = d.db.prepare('SELECT id FROM inbox WHERE dedupe_key = ?').pluck().get(key);
          d.tracking.markRead([id as number]);
          break;
        }
      }
    }
    // Every computer sees every change, in an order of its own, some twice.
    const all = devices.flatMap((d) => d.own());
    for (const [i, d] of devices.entries()) {
      const others = all.filter((c) => c.device !== d.changes.device());
      await d.receive(shuffled([...others, ...others.slice(0, 3)], seed + i));
    }
    const reference = device('reference');
    const oracle = device('oracle');
    try {
      const inOrder = [...all].sort(order);
      await reference.receive(inOrder);
      replayInOrder(oracle, inOrder);
      const expected = trackingData(oracle.db);
      expect(trackingData(reference.db)).toEqual(expected);
      for (const d of devices)
        expect({ device: d.name, data: trackingData(d.db) }).toEqual({
          device: d.name,
          data: expected,
        });
    } finally {
      reference.close();
      oracle.close();
    }
  } finally {
    devices.forEach((d) => {
      d.close();
    });
  }
}

describe('merging converges', () => {
  it('gives every computer the same data, the data of all changes applied in clock order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(skewArb, { minLength: 2, maxLength: 5 }),
        fc.array(opArb, { maxLength: 40 }),
        fc.integer(),
        run,
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('a play removed on one computer while another undoes it ends as the later change says', async () => {
    await run(
      [0, HOUR],
      [
        { op: 'mark', on: 0, series: 1, episode: 1 },
        { op: 'deliver', from: 0, to: 1, picks: [0] },
        { op: 'unmark', on: 1, series: 1, episode: 1 },
        { op: 'unmark', on: 0, series: 1, episode: 1 },
        { op: 'undo', on: 0 },
      ],
      7,
    );
  });
});
