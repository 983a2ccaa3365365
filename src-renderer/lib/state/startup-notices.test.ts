import { describe, expect, it } from 'vitest';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import { showStartupNotices } from './startup-notices';
import { ToastState } from './toasts.svelte';

const bridgeAnswering = (answer: unknown): MarqueeApi =>
  ({ invoke: () => Promise.resolve(answer), on: () => () => undefined }) as unknown as MarqueeApi;

describe('start-up notices', () => {
  it('tell the user once that the library was repaired, in the sentence start-up wrote', async () => {
    const toasts = new ToastState();
    const sentence =
      'Marquee found damage in its library file and repaired it; a copy of the damaged file is kept as library.db.backup-1.';
    await showStartupNotices(bridgeAnswering({ ok: true, value: { notices: [sentence] } }), toasts);
    expect(toasts.items).toHaveLength(1);
    expect(toasts.items[0]).toMatchObject({
      message: 'Marquee repaired its library.',
      detail: sentence,
    });
    toasts.reset();
  });

  it('say nothing after a healthy start or a failed call', async () => {
    const toasts = new ToastState();
    await showStartupNotices(bridgeAnswering({ ok: true, value: { notices: [] } }), toasts);
    await showStartupNotices(
      bridgeAnswering({ ok: false, error: { code: 'internal', message: 'x' } }),
      toasts,
    );
    expect(toasts.items).toHaveLength(0);
  });
});
