import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { EventPayload } from '../../../src-shared/ipc/contract';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { coalesce } from '../coalesce';

export type TrackingChanged = EventPayload<'tracking.changed'>;

/**
 * The most change ids kept waiting for their `tracking.changed` (an echo that never comes, e.g.
 * while nothing listens, must not grow the set for ever); the oldest go first.
 */
const KEEP = 10_000;

/**
 * How a tracking view keeps up with changes: its own writes, and everyone else's.
 *
 * A write goes through `run`: the view applies its reply in place, and the `tracking.changed`
 * that follows (once per change, carrying the change's id) is its own echo, dropped by the ids the
 * reply listed. The event may arrive before the reply, so events are held while a write is in
 * flight and sorted when it settles; a failed write made no change and releases them as they are.
 *
 * Any other change (another window's, an import's, an Undo's, a refresh of TMDB's data with no
 * change id) reloads the view. Reloads are coalesced: events in one turn cause one reload, and
 * events while a reload runs cause exactly one more after it.
 */
export class OwnChanges {
  readonly #reload: () => Promise<void>;
  readonly #concerns: (event: TrackingChanged) => boolean;
  /** Ids of changes this view's writes made whose event has not arrived yet, oldest first. */
  readonly #own = new Set<string>();
  #writes = 0;
  #held: TrackingChanged[] = [];
  #loading = false;
  #queued: Promise<void> | null = null;
  #current: Promise<void> | null = null;
  /** Bumped by `reset`, so a reload queued before it is let go. */
  #generation = 0;

  /**
   * @param load reads the view again.
   * @param concerns whether an event is about what the view shows (e.g. its series); every event
   *   by default.
   */
  constructor(
    load: () => Promise<void>,
    concerns: (event: TrackingChanged) => boolean = () => true,
  ) {
    this.#concerns = concerns;
    this.#reload = coalesce(async () => {
      this.#loading = true;
      try {
        await load();
      } finally {
        this.#loading = false;
      }
    });
  }

  /** Follows `tracking.changed`; returns the function that stops. */
  follow(bridge: MarqueeApi): () => void {
    return bridge.on('tracking.changed', (event) => {
      this.#receive(event);
    });
  }

  /**
   * Sends one write and returns its reply as it came. Its change ids are remembered so their
   * event is not taken for someone else's change.
   */
  async run<T extends { readonly changes: readonly string[] }>(
    write: () => Promise<IpcResult<T>>,
  ): Promise<IpcResult<T>> {
    this.#writes += 1;
    let reply: IpcResult<T> | null = null;
    try {
      reply = await write();
      return reply;
    } finally {
      if (reply?.ok) this.#remember(reply.value.changes);
      this.#writes -= 1;
      if (this.#writes === 0) this.#release();
    }
  }

  /**
   * Asks for a reload, coalesced with every other ask (other events a view follows use this too).
   * Resolves when the reload ran.
   */
  request(): Promise<void> {
    const generation = this.#generation;
    this.#queued ??= Promise.resolve().then(() => {
      this.#queued = null;
      if (generation !== this.#generation) return;
      const run = this.#reload();
      this.#current = run;
      const done = (): void => {
        if (this.#current === run) this.#current = null;
      };
      return run.then(done, (error: unknown) => {
        done();
        throw error;
      });
    });
    return this.#queued;
  }

  /** Resolves once no reload is queued or running (for tests and for callers that must wait). */
  async settled(): Promise<void> {
    for (;;) {
      const next = this.#queued ?? this.#current;
      if (!next) return;
      await next.catch(() => undefined);
    }
  }

  /** Forgets remembered ids, held events and a queued reload (the view was emptied). */
  reset(): void {
    this.#own.clear();
    this.#held = [];
    this.#queued = null;
    this.#generation += 1;
  }

  #receive(event: TrackingChanged): void {
    if (this.#writes > 0) {
      this.#held.push(event);
      return;
    }
    if (this.#foreign(event)) void this.request();
  }

  #release(): void {
    const held = this.#held;
    this.#held = [];
    // Sorted one by one, so each own id is used up by its event; one reload at most.
    const foreign = held.filter((event) => this.#foreign(event));
    if (foreign.length > 0) void this.request();
  }

  /** Whether an event is a change the view has not applied and must reload for. */
  #foreign(event: TrackingChanged): boolean {
    const own = event.changes.length > 0 && event.changes.every((id) => this.#own.has(id));
    for (const id of event.changes) this.#own.delete(id);
    return !own && this.#concerns(event);
  }

  #remember(changes: readonly string[]): void {
    for (const id of changes) this.#own.add(id);
    for (const id of this.#own) {
      if (this.#own.size <= KEEP) break;
      this.#own.delete(id);
    }
    // A reload that was running read the data before this write: it may undo what the reply
    // just applied, so one more follows it.
    if (changes.length > 0 && this.#loading) void this.request();
  }
}
