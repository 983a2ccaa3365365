import { describe, expect, it, vi } from 'vitest';
import type { ChannelName } from '../../../src-shared/ipc/channels';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { NetworkState } from './network.svelte';

describe('NetworkState', () => {
  it('starts online and follows network.status announcements', () => {
    let deliver:
      ((payload: { online: boolean; since: number; reason?: string }) => void) | undefined;
    const bridge = {
      invoke: () => Promise.reject(new Error('not used')),
      on: (_event: string, listener: typeof deliver) => {
        deliver = listener;
        return () => (deliver = undefined);
      },
    } as unknown as MarqueeApi;
    const network = new NetworkState();
    const stop = network.start(bridge);
    expect(network.label).toBe('Online');

    deliver?.({ online: false, since: 5, reason: 'TMDB did not answer' });
    expect(network.label).toBe('Offline');
    expect(network.reason).toBe('TMDB did not answer');

    deliver?.({ online: true, since: 9 });
    expect(network.online).toBe(true);
    expect(network.reason).toBeNull();

    stop();
    expect(deliver).toBeUndefined();
  });
});

describe('NetworkState at start', () => {
  it('asks network.current, so a reload while offline still says offline', async () => {
    const bridge: MarqueeApi = {
      invoke: (channel: ChannelName) =>
        Promise.resolve(
          channel === 'network.current'
            ? {
                ok: true as const,
                value: { online: false, since: 3, reason: 'TMDB did not answer' },
              }
            : { ok: false as const, error: { code: 'internal' as const, message: 'not used' } },
          // `never` fits every channel's answer type; the test answers one channel only.
        ) as Promise<IpcResult<never>>,
      on: () => () => undefined,
    };
    const network = new NetworkState();
    network.start(bridge);
    await vi.waitFor(() => {
      expect(network.label).toBe('Offline');
    });
    expect(network.since).toBe(3);
  });
});
