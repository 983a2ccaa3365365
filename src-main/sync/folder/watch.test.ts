import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_A,
  DEVICE_B,
  DEVICE_C,
  play,
  tempFolder,
  type TempFolder,
} from './testing/fixtures';
import type { WatchFs } from './watch';

/** A stand-in for fs.watch: the test fires its events by hand. */
function fakeWatch() {
  const watchers = new Map<
    string,
    { listener: (event: string, name: string | null) => void; closed: boolean }
  >();
  const watchFs: WatchFs = (path, _options, listener) => {
    const entry = { listener, closed: false };
    watchers.set(path, entry);
    return {
      close: () => {
        entry.closed = true;
      },
      on: () => undefined,
    };
  };
  const emit = (path: string, name: string | null): void => {
    const entry = watchers.get(path);
    if (entry && !entry.closed) entry.listener('rename', name);
  };
  return { watchFs, watchers, emit };
}

/** Timers by hand; setImmediate stays real, for the folder's own turns while it writes. */
const fakeTimers = (): void => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
};

describe('watching the sync folder', () => {
  let folder: TempFolder;
  const devicesDir = (): string => join(folder.root, 'Marquee', 'devices');

  beforeEach(async () => {
    folder = await tempFolder();
    await folder.open(DEVICE_A).write([play(DEVICE_A, 1)]);
    await folder.open(DEVICE_B).write([play(DEVICE_B, 1)]);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await folder.dispose();
  });

  it('turns a burst of events into one call, after a quiet time, and ignores its own writes', () => {
    fakeTimers();
    const fake = fakeWatch();
    const onChange = vi.fn();
    const stop = folder
      .open(DEVICE_B)
      .watch(onChange, { recursive: true, debounceMs: 300, pollMs: 0, watchFs: fake.watchFs });
    expect([...fake.watchers.keys()]).toEqual([devicesDir()]);

    fake.emit(devicesDir(), `${DEVICE_A}/.syncthing.seg-000000000002.msync.tmp`);
    vi.advanceTimersByTime(200);
    fake.emit(devicesDir(), `${DEVICE_A}/seg-000000000002.msync`);
    vi.advanceTimersByTime(299);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(1);

    fake.emit(devicesDir(), `${DEVICE_B}/seg-000000000002.msync`);
    fake.emit(devicesDir(), `${DEVICE_B}\\seg-000000000003.msync`);
    vi.advanceTimersByTime(1000);
    expect(onChange).toHaveBeenCalledTimes(1);

    fake.emit(devicesDir(), `${DEVICE_A}/seg-000000000003.msync`);
    stop();
    vi.advanceTimersByTime(1000);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(fake.watchers.get(devicesDir())?.closed).toBe(true);
  });

  it('answers a burst that never pauses by the longest wait', () => {
    fakeTimers();
    const fake = fakeWatch();
    const onChange = vi.fn();
    const stop = folder.open(DEVICE_B).watch(onChange, {
      recursive: true,
      debounceMs: 300,
      maxWaitMs: 1000,
      pollMs: 0,
      watchFs: fake.watchFs,
    });
    for (let i = 0; i < 9; i += 1) {
      fake.emit(devicesDir(), `${DEVICE_A}/seg-00000000000${String(i)}.msync`);
      vi.advanceTimersByTime(200);
    }
    // 1800 ms of events 200 ms apart: answered at 1000 ms, then at the next deadline.
    expect(onChange).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300);
    expect(onChange).toHaveBeenCalledTimes(2);
    stop();
  });

  it('without recursive watching, watches each other device’s directory and new ones as they come', async () => {
    fakeTimers();
    const fake = fakeWatch();
    const onChange = vi.fn();
    const stop = folder
      .open(DEVICE_B)
      .watch(onChange, { recursive: false, debounceMs: 100, pollMs: 0, watchFs: fake.watchFs });
    const dirA = join(devicesDir(), DEVICE_A);
    await vi.waitFor(() => {
      expect([...fake.watchers.keys()].sort()).toEqual([devicesDir(), dirA].sort());
    });

    fake.emit(dirA, 'seg-000000000002.msync');
    vi.advanceTimersByTime(100);
    expect(onChange).toHaveBeenCalledTimes(1);

    // A third computer joins: its directory appears, and is watched from then on.
    await folder.open(DEVICE_C).write([play(DEVICE_C, 1)]);
    fake.emit(devicesDir(), DEVICE_C);
    const dirC = join(devicesDir(), DEVICE_C);
    await vi.waitFor(() => {
      expect(fake.watchers.has(dirC)).toBe(true);
    });
    vi.advanceTimersByTime(100);
    expect(onChange).toHaveBeenCalledTimes(2);
    fake.emit(dirC, 'seg-000000000002.msync');
    vi.advanceTimersByTime(100);
    expect(onChange).toHaveBeenCalledTimes(3);
    stop();
    expect([...fake.watchers.values()].every((w) => w.closed)).toBe(true);
  });

  it('polls folders that raise no events, calling only when another device’s files changed', async () => {
    fakeTimers();
    const onChange = vi.fn();
    const quiet: WatchFs = () => ({ close: () => undefined, on: () => undefined });
    const stop = folder
      .open(DEVICE_B)
      .watch(onChange, { recursive: true, debounceMs: 10, pollMs: 1000, watchFs: quiet });
    // Its own write is not news.
    await folder.open(DEVICE_B).write([play(DEVICE_B, 2)]);
    for (let i = 0; i < 3; i += 1) await vi.advanceTimersByTimeAsync(1000);
    expect(onChange).not.toHaveBeenCalled();
    await folder.open(DEVICE_A).write([play(DEVICE_A, 2)]);
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      expect(onChange).toHaveBeenCalled();
    });
    stop();
  });

  it('hears a real file arrive through fs.watch', async () => {
    const b = folder.open(DEVICE_B);
    let calls = 0;
    const stop = b.watch(
      () => {
        calls += 1;
      },
      { debounceMs: 20, pollMs: 0 },
    );
    try {
      // Let the watchers attach before the file arrives.
      await vi.waitFor(
        async () => {
          await folder.open(DEVICE_A).write([play(DEVICE_A, calls + 100)]);
          expect(calls).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 200 },
      );
      const read = await b.read(null);
      expect(read.changes.length).toBeGreaterThan(1);
    } finally {
      stop();
    }
  });
});
