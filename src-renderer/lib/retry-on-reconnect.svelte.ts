import { untrack } from 'svelte';
import type { IpcError } from '../../src-shared/ipc/errors';
import { network } from './state/network.svelte';

/**
 * Something that failed for want of a connection loads again by itself once TMDB answers: nobody
 * should have to find the Retry button after the network comes back. Called while a component
 * initialises (it owns an effect); `error` and `retry` are read when they are needed, so a
 * component passes its props through them.
 */
export function retryOnReconnect(error: () => IpcError, retry: () => void): void {
  let sawOffline = false;
  $effect(() => {
    const code = error().code;
    if (!network.online) {
      sawOffline = true;
      return;
    }
    if (sawOffline && (code === 'offline' || code === 'timeout')) {
      sawOffline = false;
      untrack(retry);
    }
  });
}
