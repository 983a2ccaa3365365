import { describe, expect, it } from 'vitest';
import { EventBus } from './events';
import { NetworkStatus, PROBE_INTERVAL_MS } from './network-status';
import { manualTimers } from './testing/manual-timers';

describe('NetworkStatus', () => {
  const setup = (): {
    network: NetworkStatus;
    timers: ReturnType<typeof manualTimers>;
    seen: boolean[];
    probes: { count: number; answer: () => void };
  } => {
    const events = new EventBus();
    const network = new NetworkStatus(events, () => 1);
    const seen: boolean[] = [];
    events.on('network.status', (s) => seen.push(s.online));
    const timers = manualTimers();
    const probes = { count: 0, answer: (): void => undefined };
    network.useProbe({
      timers,
      probe: () => {
        probes.count += 1;
        // The probe's request reports through the client's onNetwork; here the test answers by hand.
        return new Promise<void>((resolve) => (probes.answer = resolve));
      },
    });
    return { network, timers, seen, probes };
  };

  it('announces each change once and probes only while offline, one probe at a time', () => {
    const { network, timers, seen, probes } = setup();
    timers.tick(PROBE_INTERVAL_MS);
    expect(probes.count).toBe(0);
    network.report(false, 'ECONNREFUSED');
    network.report(false, 'again');
    expect(network.snapshot()).toMatchObject({ online: false, since: 1, reason: 'ECONNREFUSED' });
    timers.tick(PROBE_INTERVAL_MS);
    timers.tick(PROBE_INTERVAL_MS); // the first probe has not answered: no second one
    expect(probes.count).toBe(1);
    network.report(true);
    expect(timers.active()).toBe(0);
    expect(seen).toEqual([false, true]);
  });

  it('stops probing for good on close', () => {
    const { network, timers, probes } = setup();
    network.report(false);
    network.close();
    timers.tick(PROBE_INTERVAL_MS);
    expect(probes.count).toBe(0);
    expect(timers.active()).toBe(0);
  });
});

describe('NetworkStatus per service', () => {
  it('keeps the image host apart: its failures and answers never move the API state', () => {
    const events = new EventBus();
    const network = new NetworkStatus(events, () => 7);
    const seen: Array<{ online: boolean; images?: { online: boolean } }> = [];
    events.on('network.status', (s) => seen.push(s));
    network.reportImages(false, 'image host refused');
    expect(network.online).toBe(true);
    expect(network.snapshot()).toEqual({
      online: true,
      since: 7,
      images: { online: false, since: 7, reason: 'image host refused' },
    });
    network.report(false, 'API gone');
    network.reportImages(true);
    expect(network.online).toBe(false);
    expect(network.imagesOnline).toBe(true);
    // Only the API's change is announced: an image-only change must not read as "TMDB is back".
    expect(seen.map((s) => [s.online, s.images?.online])).toEqual([[false, false]]);
  });
});
