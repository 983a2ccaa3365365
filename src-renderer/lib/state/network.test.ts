import { describe, expect, it } from 'vitest';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
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
