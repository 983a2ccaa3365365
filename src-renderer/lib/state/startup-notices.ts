import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { ToastState } from './toasts.svelte';

/**
 * Says once, as the window opens, what start-up did that the user must know of (a damaged
 * library file repaired, a copy kept). A failed call says nothing: the views report a failed
 * start themselves.
 */
export async function showStartupNotices(bridge: MarqueeApi, toasts: ToastState): Promise<void> {
  const result = await bridge.invoke('app.notices');
  if (!result.ok) return;
  for (const notice of result.value.notices) {
    toasts.failure('Marquee repaired its library.', notice);
  }
}
