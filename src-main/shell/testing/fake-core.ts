import { EventBus } from '../../base/events';
import { NetworkStatus } from '../../base/network-status';
import type { Core, RunningCore } from '../../core/core';
import type { Dispatch } from '../../ipc/guard';

/** A core whose dispatch and close are observable. */
export function fakeCore(
  dispatch?: Dispatch,
): RunningCore & { closeCalls: number; imageRequests: string[]; osNotified: number[] } {
  const events = new EventBus();
  const core = {
    closeCalls: 0,
    imageRequests: [] as string[],
    osNotified: [] as number[],
    ready: Promise.resolve(),
    serveImage: (urlPath: string) => {
      core.imageRequests.push(urlPath);
      return Promise.resolve({
        status: 200 as const,
        headers: { 'Content-Type': 'image/png' },
        body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      });
    },
    clearAccountData: () => Promise.resolve(),
    imports: {
      stageBytes: () => Promise.reject(new Error('The fake core stages no imports.')),
    },
    // A fake library with no tracking: nothing is recorded.
    seedHistory: () => Promise.resolve({ seeded: 0 }),
    markOsNotified: (ids: readonly number[]) => {
      core.osNotified.push(...ids);
      return Promise.resolve();
    },
    handlers: {} as Core['handlers'],
    dispatch: dispatch ?? (() => Promise.resolve({ ok: true as const, value: null })),
    events,
    network: new NetworkStatus(events, () => 0),
    tmdb: {} as Core['tmdb'],
    close: () => {
      core.closeCalls += 1;
      return Promise.resolve();
    },
  };
  return core;
}
