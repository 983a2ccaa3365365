import { describe, expect, it } from 'vitest';
import { EventBus } from './events';
import { NetworkStatus, PROBE_INTERVAL_MS } from './network';
import { manualTimers } from './timers';

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
    expect(network.snapshot()).toEqual({ online: false, since: 1, reason: 'ECONNREFUSED' });
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
