import { describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { OwnChanges, OwnWrites, type TrackingChanged } from './own-changes';
import { FakeBridge, ok } from './testing/fake-bridge';

/** A promise settled by hand, so each test decides the order of replies and events. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const changed = (changes: string[], seriesIds: number[] = [1]): TrackingChanged => ({
  seriesIds,
  movieIds: [],
  changes,
});

const written = (changes: string[]): IpcResult<{ changes: string[] }> => ok({ changes });
const refused: IpcResult<{ changes: string[] }> = {
  ok: false,
  error: { code: 'internal', message: 'disk full' },
};

/** An OwnChanges following a fake bridge, counting its reloads. */
function setup(concerns?: (event: TrackingChanged) => boolean): {
  bridge: FakeBridge;
  own: OwnChanges;
  writes: OwnWrites;
  loads: () => number;
  block: () => () => void;
} {
  const bridge = new FakeBridge({});
  const writes = new OwnWrites();
  let loads = 0;
  let gate: Promise<void> | null = null;
  const own = new OwnChanges(
    async () => {
      loads += 1;
      if (gate) await gate;
    },
    concerns,
    writes,
  );
  own.follow(bridge);
  return {
    bridge,
    own,
    writes,
    loads: () => loads,
    // Holds the next reloads until the returned function is called.
    block: () => {
      const { promise, resolve } = deferred<undefined>();
      gate = promise;
      return () => {
        gate = null;
        resolve(undefined);
      };
    },
  };
}

describe('OwnChanges', () => {
  it('drops the echo of its own write when the reply comes first', async () => {
    const { bridge, own, loads } = setup();
    const reply = await own.run(() => Promise.resolve(written(['c1', 'c2'])));
    expect(reply).toEqual(written(['c1', 'c2']));
    bridge.emit('tracking.changed', changed(['c1']));
    bridge.emit('tracking.changed', changed(['c2']));
    await own.settled();
    expect(loads()).toBe(0);
  });

  it('drops the echo of its own write when the event comes first', async () => {
    const { bridge, own, loads } = setup();
    const reply = deferred<IpcResult<{ changes: string[] }>>();
    const write = own.run(() => reply.promise);
    bridge.emit('tracking.changed', changed(['c1']));
    await own.settled();
    expect(loads()).toBe(0);
    reply.resolve(written(['c1']));
    await write;
    await own.settled();
    expect(loads()).toBe(0);
  });

  it('holds another change made while a write is in flight, and reloads once after it', async () => {
    const { bridge, own, loads } = setup();
    const reply = deferred<IpcResult<{ changes: string[] }>>();
    const write = own.run(() => reply.promise);
    bridge.emit('tracking.changed', changed(['c1']));
    bridge.emit('tracking.changed', changed(['other']));
    await own.settled();
    expect(loads()).toBe(0);
    reply.resolve(written(['c1']));
    await write;
    await own.settled();
    expect(loads()).toBe(1);
  });

  it('waits for every write in flight before sorting what it held', async () => {
    const { bridge, own, loads } = setup();
    const first = deferred<IpcResult<{ changes: string[] }>>();
    const second = deferred<IpcResult<{ changes: string[] }>>();
    const writes = [own.run(() => first.promise), own.run(() => second.promise)];
    bridge.emit('tracking.changed', changed(['b']));
    first.resolve(written(['a']));
    await writes[0];
    bridge.emit('tracking.changed', changed(['a']));
    second.resolve(written(['b']));
    await Promise.all(writes);
    await own.settled();
    expect(loads()).toBe(0);
  });

  it('releases held events when the write fails, and keeps working', async () => {
    const { bridge, own, loads } = setup();
    const reply = deferred<IpcResult<{ changes: string[] }>>();
    const write = own.run(() => reply.promise);
    bridge.emit('tracking.changed', changed(['elsewhere']));
    reply.resolve(refused);
    expect(await write).toEqual(refused);
    await own.settled();
    expect(loads()).toBe(1);

    // A write that throws releases them too, and its error reaches the caller.
    const thrown = deferred<IpcResult<{ changes: string[] }>>();
    const failing = own.run(() => thrown.promise.then(() => Promise.reject(new Error('gone'))));
    bridge.emit('tracking.changed', changed(['elsewhere-2']));
    thrown.resolve(written([]));
    await expect(failing).rejects.toThrow('gone');
    await own.settled();
    expect(loads()).toBe(2);

    await own.run(() => Promise.resolve(written(['c3'])));
    bridge.emit('tracking.changed', changed(['c3']));
    await own.settled();
    expect(loads()).toBe(2);
  });

  it('reloads once for a burst of other changes', async () => {
    const { bridge, own, loads } = setup();
    for (let i = 0; i < 5000; i += 1) bridge.emit('tracking.changed', changed([`import-${i}`]));
    await own.settled();
    expect(loads()).toBe(1);
  });

  it('reloads exactly once more for changes that arrive while a reload runs', async () => {
    const { bridge, own, loads, block } = setup();
    const release = block();
    bridge.emit('tracking.changed', changed(['x']));
    await Promise.resolve();
    expect(loads()).toBe(1);
    for (let i = 0; i < 100; i += 1) bridge.emit('tracking.changed', changed([`y${i}`]));
    release();
    await own.settled();
    expect(loads()).toBe(2);
  });

  it('always reloads for a refresh of TMDB’s data, which has no change id', async () => {
    const { bridge, own, loads } = setup();
    await own.run(() => Promise.resolve(written(['c1'])));
    bridge.emit('tracking.changed', changed([]));
    await own.settled();
    expect(loads()).toBe(1);

    // Also when it arrives during a write of its own.
    const reply = deferred<IpcResult<{ changes: string[] }>>();
    const write = own.run(() => reply.promise);
    bridge.emit('tracking.changed', changed([]));
    reply.resolve(written(['c2']));
    await write;
    await own.settled();
    expect(loads()).toBe(2);
  });

  it('reloads for an event only partly its own', async () => {
    const { bridge, own, loads } = setup();
    await own.run(() => Promise.resolve(written(['c1'])));
    bridge.emit('tracking.changed', changed(['c1', 'c9']));
    await own.settled();
    expect(loads()).toBe(1);
  });

  it('reloads for a write another view applied, in either order (views keep their own writes)', async () => {
    const bridge = new FakeBridge({});
    let upNextLoads = 0;
    let pageLoads = 0;
    const upNext = new OwnChanges(() => {
      upNextLoads += 1;
      return Promise.resolve();
    });
    const page = new OwnChanges(() => {
      pageLoads += 1;
      return Promise.resolve();
    });
    upNext.follow(bridge);
    page.follow(bridge);
    // The series page marks an episode: it applied the reply, Up Next did not.
    await page.run(() => Promise.resolve(written(['c1'])));
    bridge.emit('tracking.changed', changed(['c1']));
    await Promise.all([upNext.settled(), page.settled()]);
    expect([upNextLoads, pageLoads]).toEqual([1, 0]);
    // The event before the reply.
    const reply = deferred<IpcResult<{ changes: string[] }>>();
    const write = page.run(() => reply.promise);
    bridge.emit('tracking.changed', changed(['c2']));
    reply.resolve(written(['c2']));
    await write;
    await Promise.all([upNext.settled(), page.settled()]);
    expect([upNextLoads, pageLoads]).toEqual([2, 0]);
  });

  it('ignores changes that are not about what it shows', async () => {
    const { bridge, own, loads } = setup((event) => event.seriesIds.includes(1));
    bridge.emit('tracking.changed', changed(['x'], [2]));
    bridge.emit('tracking.changed', changed([], [3]));
    await own.settled();
    expect(loads()).toBe(0);
    bridge.emit('tracking.changed', changed(['y'], [1, 2]));
    await own.settled();
    expect(loads()).toBe(1);
  });

  it('reloads once more when a write lands while a reload reads the old data', async () => {
    const { bridge, own, loads, block } = setup();
    const release = block();
    bridge.emit('tracking.changed', changed(['elsewhere']));
    await Promise.resolve();
    expect(loads()).toBe(1);
    await own.run(() => Promise.resolve(written(['mine'])));
    bridge.emit('tracking.changed', changed(['mine']));
    release();
    await own.settled();
    expect(loads()).toBe(2);
  });

  it('coalesces other asks with the events, and reset lets a queued reload go', async () => {
    const { bridge, own, loads } = setup();
    bridge.emit('tracking.changed', changed(['a']));
    void own.request();
    void own.request();
    await own.settled();
    expect(loads()).toBe(1);

    bridge.emit('tracking.changed', changed(['b']));
    own.reset();
    await own.settled();
    expect(loads()).toBe(1);

    // Reset lets held events go too.
    const reply = deferred<IpcResult<{ changes: string[] }>>();
    const write = own.run(() => reply.promise);
    bridge.emit('tracking.changed', changed(['d']));
    own.reset();
    reply.resolve(written(['e']));
    await write;
    await own.settled();
    expect(loads()).toBe(1);
  });

  it('forgets the view’s ids when its writes are reset', async () => {
    const { bridge, own, writes, loads } = setup();
    await own.run(() => Promise.resolve(written(['c'])));
    writes.reset();
    bridge.emit('tracking.changed', changed(['c']));
    await own.settled();
    expect(loads()).toBe(1);
  });

  it('stops following when asked, held events included', async () => {
    const bridge = new FakeBridge({});
    const writes = new OwnWrites();
    let loads = 0;
    const own = new OwnChanges(
      () => {
        loads += 1;
        return Promise.resolve();
      },
      undefined,
      writes,
    );
    const stop = own.follow(bridge);
    const reply = deferred<IpcResult<{ changes: string[] }>>();
    const write = own.run(() => reply.promise);
    bridge.emit('tracking.changed', changed(['elsewhere']));
    stop();
    bridge.emit('tracking.changed', changed(['a']));
    reply.resolve(refused);
    await write;
    await own.settled();
    expect(loads).toBe(0);
    expect(writes.inFlight).toBe(false);
  });
});
