import type { StatsCoverage } from '../../src-shared/ipc/contract/stats';
import type { Logger } from '../base/log';
import type { Timers } from '../base/timers';
import { localDate } from '../tracking/dates';
import { createFactsFill, type FactsFill } from './facts-fill';
import type { FactsSource } from './facts-source';
import { createStats, type Stats } from './stats';
import type { StatsStore } from './store';
import type { AnswerKey, StoredChannel } from './store/answers';

export interface StatsServiceDeps {
  store: StatsStore;
  source: FactsSource;
  clock: () => number;
  timeZone: () => string;
  online: () => boolean;
  /** Subscribes to the network coming back; returns the unsubscribe function. */
  onOnline: (listener: () => void) => () => void;
  /** Subscribes to plays changing (marked, imported, restored); returns the unsubscribe function. */
  onPlaysChanged: (listener: () => void) => () => void;
  timers: Timers;
  sleep: (ms: number) => Promise<void>;
  log: Logger;
  /** Announces new facts (the `stats.changed` event). */
  emit: (coverage: StatsCoverage) => void;
  /** Pause between two fetches of the fill. */
  intervalMs?: number;
  /** Marquee's version: an answer stored by another version is computed again. */
  appVersion?: string;
  /** The fill's writes wait for the worker's write transaction here (`WriteTurns.turn`). */
  turn?: () => Promise<void>;
}

export interface StatsService {
  stats: Stats;
  /** Whether the background fill of facts is running (the overview's coverage says so). */
  filling(): boolean;
  /** Changes whenever a change to the library is committed (see `StatsStore.version`). */
  version(): string;
  /** Where the answer to this call, asked now in the user's zone, is stored. */
  answerKey(channel: StoredChannel, input: unknown): AnswerKey;
  /** The stored answer (`StatsStore.answers`), or undefined. */
  stored(key: AnswerKey): unknown;
  /** Whether an answer is stored for this key (nothing is read but the key). */
  has(key: AnswerKey): boolean;
  /** Claims a key before its answer is computed (`AnswerStore.claim`); null when it cannot. */
  claim(key: AnswerKey): string | null;
  /**
   * Stores an answer computed after `claim`, unless what the stats read changed since. Also once
   * the service is closed, while the library is open: the last answers computed at shutdown are
   * what the next start reads.
   */
  keep(key: AnswerKey, answer: unknown, claim: string): void;
  /** Fills missing facts now (when online); resolves when the run ends. */
  fill(): Promise<void>;
  /** Starts filling: a run soon after start-up, when plays change, when the network returns, hourly. */
  start(): void;
  idle(): Promise<void>;
  close(): void;
}

/** Retries of failed titles (their own wait still applies). */
const SWEEP_MS = 60 * 60_000;
/** Plays marked in a burst (a season, an import) start one fill, not one per play. */
const SETTLE_MS = 1_500;

/** The stats domain as the core wires it: the aggregates and the background fill of facts. */
export function createStatsService(deps: StatsServiceDeps): StatsService {
  let fill: FactsFill | null = null;
  const filler = (): FactsFill =>
    (fill ??= createFactsFill({
      facts: deps.store.facts,
      source: deps.source,
      online: deps.online,
      clock: deps.clock,
      sleep: deps.sleep,
      log: deps.log,
      ...(deps.intervalMs === undefined ? {} : { intervalMs: deps.intervalMs }),
      ...(deps.turn ? { turn: deps.turn } : {}),
      onBatch: () => {
        try {
          deps.emit({ ...deps.store.facts.coverage(), filling: fill?.running() ?? false });
        } catch (error) {
          deps.log.debug('stats.coverage_failed', { error });
        }
      },
    }));
  const stats = createStats({
    store: deps.store,
    clock: deps.clock,
    timeZone: deps.timeZone,
    filling: () => fill?.running() ?? false,
  });
  const subscriptions: Array<() => void> = [];
  let pending: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const kickSoon = (): void => {
    if (closed || pending !== undefined) return;
    pending = setTimeout(() => {
      pending = undefined;
      if (!closed) void filler().kick();
    }, SETTLE_MS);
    pending.unref();
  };

  /** A stored answer's read; stored answers are derived data: a failed read computes it again. */
  const storedOr = <T>(read: () => T, otherwise: T): T => {
    try {
      return read();
    } catch (error) {
      deps.log.debug('stats.stored_failed', { error });
      return otherwise;
    }
  };

  return {
    stats,
    filling: () => fill?.running() ?? false,
    version: () => deps.store.version(),
    answerKey(channel, input) {
      const zone = deps.timeZone();
      return {
        channel,
        input: JSON.stringify([input, zone, deps.appVersion ?? '']),
        day: localDate(deps.clock(), zone),
      };
    },
    stored: (key) => storedOr(() => deps.store.answers.get(key), undefined),
    has: (key) => storedOr(() => deps.store.answers.has(key), false),
    claim: (key) => deps.store.answers.claim(key),
    keep(key, answer, claim) {
      deps.store.answers.save(key, answer, claim);
    },
    fill: () => (closed ? Promise.resolve() : filler().kick()),
    start() {
      subscriptions.push(deps.onOnline(kickSoon), deps.onPlaysChanged(kickSoon));
      subscriptions.push(deps.timers.every(SWEEP_MS, kickSoon));
      kickSoon();
    },
    idle: async () => {
      if (fill?.running()) await fill.kick();
    },
    close() {
      closed = true;
      clearTimeout(pending);
      fill?.stop();
      for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
    },
  };
}
