import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { EventPayload } from '../../../src-shared/ipc/contract';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { coalesce } from '../coalesce';

export type TrackingChanged = EventPayload<'tracking.changed'>;

/**
 * The most change ids remembered (each is announced once, soon after its write; the oldest are
 * let go so a long session does not grow the set for ever).
 */
const KEEP = 10_000;

/**
 * A view's writes to Marquee's tracking data: the ids of the changes their replies listed, and
 * whether one is in flight. Each view's state has its own: only the view that applied a reply may
 * skip that change's echo. Every other view (Up Next, the calendar and Stats stay loaded while a
 * series page marks an episode) reads the change again.
 */
export class OwnWrites {
  /** Oldest first. */
  readonly #ids = new Set<string>();
  #inFlight = 0;
  readonly #watchers = new Set<(landed: boolean) => void>();

  /** True while a write has been sent and its reply has not come. */
  get inFlight(): boolean {
    return this.#inFlight > 0;
  }

  /** Sends one write and returns its reply as it came, remembering the changes it made. */
  async run<T extends { readonly changes: readonly string[] }>(
    write: () => Promise<IpcResult<T>>,
  ): Promise<IpcResult<T>> {
    this.#inFlight += 1;
    let reply: IpcResult<T> | null = null;
    try {
      reply = await write();
      return reply;
    } finally {
      const changes = reply?.ok ? reply.value.changes : [];
      for (const id of changes) this.#ids.add(id);
      for (const id of this.#ids) {
        if (this.#ids.size <= KEEP) break;
        this.#ids.delete(id);
      }
      this.#inFlight -= 1;
      for (const watcher of [...this.#watchers]) watcher(changes.length > 0);
    }
  }

  /** Whether a write of this view made every change an event announces (never a refresh's). */
  made(event: TrackingChanged): boolean {
    return event.changes.length > 0 && event.changes.every((id) => this.#ids.has(id));
  }

  /** Calls `watcher` after each write settles (`landed`: it made changes); returns the stop. */
  watch(watcher: (landed: boolean) => void): () => void {
    this.#watchers.add(watcher);
    return () => {
      this.#watchers.delete(watcher);
    };
  }

  /** Forgets the remembered ids (between tests). */
  reset(): void {
    this.#ids.clear();
  }
}

/**
 * How a tracking view keeps up with changes: its own, and everyone else's.
 *
 * A write goes through `run` and the view applies its reply in place; the `tracking.changed`
 * that follows (once per change, carrying the change's id) is dropped by the ids the reply
 * listed. The event may arrive before the reply, so events are held while a write of this view
 * is in flight and sorted when it settles; a failed write made no change and releases them.
 *
 * Any other change (another view's or window's, an import's, an Undo's, a refresh of TMDB's data with no
 * change id) reloads the view. Reloads are coalesced: events in one turn cause one reload, and
 * events while a reload runs cause exactly one more after it.
 */
export class OwnChanges {
  readonly #reload: () => Promise<void>;
  readonly #concerns: (event: TrackingChanged) => boolean;
  readonly #writes: OwnWrites;
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
   * @param writes this view's writes (its own by default); a test may give its own.
   */
  constructor(
    load: () => Promise<void>,
    concerns: (event: TrackingChanged) => boolean = () => true,
    writes: OwnWrites = new OwnWrites(),
  ) {
    this.#concerns = concerns;
    this.#writes = writes;
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
    const stops = [
      bridge.on('tracking.changed', (event) => {
        if (this.#writes.inFlight) this.#held.push(event);
        else if (this.#foreign(event)) void this.request();
      }),
      this.#writes.watch((landed) => {
        // A reload that was running may have read the data before that write, and would undo
        // what its reply showed: one more follows it.
        if (landed && this.#loading) void this.request();
        if (!this.#writes.inFlight) this.#release();
      }),
    ];
    return () => {
      stops.forEach((stop) => {
        stop();
      });
      this.#held = [];
    };
  }

  /** Sends one write of this view (see `OwnWrites.run`). */
  run<T extends { readonly changes: readonly string[] }>(
    write: () => Promise<IpcResult<T>>,
  ): Promise<IpcResult<T>> {
    return this.#writes.run(write);
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

  /** Resolves once no reload is queued or running. */
  async settled(): Promise<void> {
    for (;;) {
      const next = this.#queued ?? this.#current;
      if (!next) return;
      await next.catch(() => undefined);
    }
  }

  /** Lets held events and a queued reload go (the view was emptied). */
  reset(): void {
    this.#held = [];
    this.#queued = null;
    this.#generation += 1;
  }

  #release(): void {
    const held = this.#held;
    this.#held = [];
    if (held.some((event) => this.#foreign(event))) void this.request();
  }

  /** Whether an event is a change the view has not applied and must reload for. */
  #foreign(event: TrackingChanged): boolean {
    return !this.#writes.made(event) && this.#concerns(event);
  }
}
