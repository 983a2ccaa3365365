import type {
  CaptureEvent,
  CaptureSink,
  Connector,
  ConnectorDeps,
  ServerConfig,
  ServerKind,
} from '../../types';

/** A fixed time for every captured event: 2026-08-02 09:00:00 UTC. */
export const FIXED_NOW = Date.UTC(2026, 7, 2, 9, 0, 0);

export function serverConfig(
  kind: ServerKind,
  url: string,
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  return {
    id: `${kind}-1`,
    kind,
    name: kind,
    url,
    listen: 'local',
    thresholdPercent: 90,
    chosenAccounts: [],
    secret: 'not-used-by-clients',
    ...overrides,
  };
}

/** Sleeps that last until the test lets them go, and that say when one begins. */
export class GatedSleep {
  readonly calls: number[] = [];
  private readonly pending: (() => void)[] = [];
  private readonly waiters: { n: number; resolve: () => void }[] = [];

  readonly sleep = (ms: number): Promise<void> => {
    this.calls.push(ms);
    for (const w of this.waiters.splice(0)) {
      if (this.calls.length >= w.n) w.resolve();
      else this.waiters.push(w);
    }
    return new Promise((resolve) => this.pending.push(resolve));
  };

  /** Resolves once `n` sleeps have begun in all. */
  begun(n: number): Promise<void> {
    if (this.calls.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }

  /** Ends every sleep in progress. */
  release(): void {
    for (const resolve of this.pending.splice(0)) resolve();
  }
}

/** The URLs fetched, in order, through the real fetch. */
export function recordingFetch(): { fetch: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  const recorded: typeof fetch = (input, init) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  };
  return { fetch: recorded, urls };
}

export function deps(overrides: Partial<ConnectorDeps> = {}): ConnectorDeps {
  return {
    fetch,
    clock: () => FIXED_NOW,
    sleep: () => Promise.resolve(),
    ...overrides,
  };
}

/** A sink that keeps every event and says when `n` have arrived. */
export class CollectingSink implements CaptureSink {
  readonly events: CaptureEvent[] = [];
  private readonly waiters: { n: number; resolve: () => void }[] = [];

  receive(event: CaptureEvent): ReturnType<CaptureSink['receive']> {
    this.events.push(event);
    for (const w of this.waiters.splice(0)) {
      if (this.events.length >= w.n) w.resolve();
      else this.waiters.push(w);
    }
    return Promise.resolve({ kind: 'ignored', reason: 'collected by a test' });
  }

  received(n: number): Promise<void> {
    if (this.events.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }
}

/** The connector's backfill, which the test expects it to have. */
export function backfillOf(connector: Connector): NonNullable<Connector['backfill']> {
  if (!connector.backfill) throw new Error('this connector has no backfill');
  return connector.backfill.bind(connector);
}

/** The connector's start, which the test expects it to have. */
export function startOf(connector: Connector): NonNullable<Connector['start']> {
  if (!connector.start) throw new Error('this connector cannot follow plays');
  return connector.start.bind(connector);
}
