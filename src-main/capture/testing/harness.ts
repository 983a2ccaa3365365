import { silentLogger } from '../../base/log';
import type { Timers } from '../../base/timers';
import { memoryStore } from '../../credentials';
import { createTrackingStore } from '../../tracking/store';
import { FakeSource } from '../../tracking/testing/fake-source';
import { tempTracking, type TempTracking } from '../../tracking/testing/temp-tracking';
import { createTrackingService, type TrackingService } from '../../tracking/tracking-service';
import type { BackfillProgressView } from '../capture-types';
import { createCaptureService, type CaptureService } from '../capture-service';
import { createResolver } from '../resolve';
import { createCaptureStore, type CaptureStore } from '../store';
import type { ConnectorFactory, ServerKind } from '../types';
import { EVENING } from './events';
import { fakeFind, findAnswers } from './fakes';

export interface Harness {
  t: TempTracking;
  store: CaptureStore;
  tracking: TrackingService;
  capture: CaptureService;
  find: ReturnType<typeof fakeFind>;
  changed: string[][];
  progress: BackfillProgressView[];
  trackingEvents: number[][];
  /** How many changes the change path has recorded. */
  changeCount(): number;
  close(): Promise<void>;
}

/** A library, the tracking service over it and the capture service, with a fixed clock and zone. */
export function captureHarness(
  options: {
    connectors?: Partial<Record<ServerKind, ConnectorFactory>>;
    demo?: boolean;
    now?: number;
    /** The clients' fetch (a stand-in server's tests pass the real one). */
    fetch?: typeof fetch;
    /** The clients' sleep between polls (a test's gate, so a poll runs when it says). */
    sleep?: (ms: number) => Promise<void>;
    timers?: Timers;
  } = {},
): Harness {
  const t = tempTracking({ now: options.now ?? EVENING + 60_000, timeZone: 'Europe/Paris' });
  const changed: string[][] = [];
  const progress: BackfillProgressView[] = [];
  const trackingEvents: number[][] = [];
  const tracking = createTrackingService({
    store: createTrackingStore(t.db),
    changes: t.changes,
    tmdb: { request: () => Promise.reject(new Error('the fake source answers instead')) },
    source: new FakeSource(),
    clock: () => t.clock.now,
    timeZone: () => t.zone.name,
    region: () => 'US',
    timers: { every: () => () => undefined },
    online: () => false,
    onOnline: () => () => undefined,
    log: silentLogger,
    emit: {
      inbox: () => undefined,
      refresh: () => undefined,
      changed: (series, movies) => trackingEvents.push([...series, ...movies]),
    },
  });
  const store = createCaptureStore(t.db);
  const find = fakeFind(findAnswers);
  const capture = createCaptureService({
    store,
    tracking,
    changes: t.changes,
    resolver: createResolver({
      find,
      ids: store.ids,
      clock: () => t.clock.now,
      turn: () => t.changes.turn(),
    }),
    credentials: memoryStore('tests'),
    connectors: options.connectors ?? {},
    connectorDeps: {
      fetch: options.fetch ?? (() => Promise.reject(new Error('no network in tests'))),
      clock: () => t.clock.now,
      sleep: options.sleep ?? (() => Promise.resolve()),
    },
    clock: () => t.clock.now,
    timeZone: () => t.zone.name,
    online: () => false,
    timers: options.timers,
    demo: options.demo ?? false,
    webhookBase: (listen) => (listen === 'local' ? 'http://127.0.0.1:45876' : null),
    discover: () => Promise.resolve([]),
    log: silentLogger,
    emit: {
      changed: (ids) => changed.push(ids),
      backfill: (p) => progress.push(p),
    },
  });
  return {
    t,
    store,
    tracking,
    capture,
    find,
    changed,
    progress,
    trackingEvents,
    changeCount: () => t.db.prepare('SELECT count(*) FROM changes').pluck().get() as number,
    async close() {
      await capture.close();
      await capture.idle();
      tracking.close();
      await tracking.idle();
      t.cleanup();
    },
  };
}

/** A connector factory whose test lists these accounts. */
export const accountsConnector =
  (accounts: { id: string; name: string }[]): ConnectorFactory =>
  () => ({ test: () => Promise.resolve(accounts) });
