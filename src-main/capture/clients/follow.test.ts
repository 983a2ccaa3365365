import { describe, expect, it } from 'vitest';
import type { CaptureSink } from '../types';
import { followLoop, stoppableBackfill, whenAborted } from './follow';

const sink: CaptureSink = {
  receive: () => Promise.resolve({ kind: 'ignored', reason: 'a test' }),
};

describe('following plays', () => {
  it('runs one loop at a time, and stop waits for it to end', async () => {
    const runs: AbortSignal[] = [];
    let ended = 0;
    const follow = followLoop(async (_sink, signal) => {
      runs.push(signal);
      await whenAborted(signal);
      ended += 1;
    });
    follow.start(sink);
    follow.start(sink);
    expect(runs).toHaveLength(1);
    await follow.stop();
    expect([runs[0]?.aborted, ended]).toEqual([true, 1]);
    await follow.stop();
    follow.start(sink);
    expect(runs).toHaveLength(2);
    await follow.stop();
    expect(ended).toBe(2);
  });

  it('a backfill that fails once stopped ends quietly; one that fails otherwise says why', async () => {
    const failing = stoppableBackfill(() => Promise.reject(new Error('went away')));
    const controller = new AbortController();
    await expect(failing(() => Promise.resolve(), controller.signal)).rejects.toThrow('went away');
    controller.abort();
    await expect(failing(() => Promise.resolve(), controller.signal)).resolves.toBeUndefined();
  });

  it('whenAborted resolves at once for a signal already aborted', async () => {
    await expect(whenAborted(AbortSignal.abort())).resolves.toBeUndefined();
  });
});
