import { SvelteMap } from 'svelte/reactivity';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import { isChannelName, isEventName } from '../../../src-shared/ipc/channels';
import type { TitleAvailability } from '../../../src-shared/ipc/contract/availability';
import type { MyServices } from '../../../src-shared/ipc/contract/services';
import { api } from '../api';
import { AVAILABILITY_BATCH, refKey, type TitleRef } from '../on-mine';

/** The channel that answers my services, and the event that says they changed. */
const SERVICES_GET: string = 'services.get';
const SERVICES_CHANGED: string = 'services.changed';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The shape of my services (the contract's `myServices`), checked without a validator. */
function isMyServices(v: unknown): v is MyServices {
  return (
    isRecord(v) &&
    typeof v.region === 'string' &&
    typeof v.includeFree === 'boolean' &&
    Array.isArray(v.providers) &&
    v.providers.every((p) => isRecord(p) && typeof p.id === 'number' && typeof p.name === 'string')
  );
}

/**
 * My services from `services.get`'s answer: the value itself, or under `services`. (The renderer
 * loads no validator: its CSP forbids the code generation zod probes for.)
 */
function readMine(value: unknown): MyServices | null {
  if (isMyServices(value)) return value;
  return isRecord(value) && isMyServices(value.services) ? value.services : null;
}

/**
 * Which of my services stream each title, as the views show it: marks on cards and rows and the
 * "On my services" filters. Every title a page shows is asked for once, in one batched call per
 * page (the marks of a page's cards ask in the same turn); answers are kept until my services
 * change, when every title asked about is read again.
 */
export class AvailabilityState {
  readonly #bridge: () => MarqueeApi;
  readonly #known = new SvelteMap<string, TitleAvailability>();
  /** Every title asked about, so a change of services can ask again. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, never rendered
  readonly #asked = new Map<string, TitleRef>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, never rendered
  readonly #queued = new Map<string, TitleRef>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, never rendered
  readonly #inFlight = new Set<string>();
  #scheduled = false;
  #mine = $state.raw<MyServices | null>(null);
  #busy = $state(0);
  #region = $state<string | null>(null);
  /** Calls made, for tests and the benchmark. */
  calls = 0;

  constructor(bridge: () => MarqueeApi = api) {
    this.#bridge = bridge;
  }

  /** My services, or null while not known (before an answer, or where Marquee cannot say). */
  get mine(): MyServices | null {
    return this.#mine;
  }

  /** True only when my services are known and none is chosen. */
  get noneChosen(): boolean {
    return this.#mine !== null && this.#mine.providers.length === 0;
  }

  /** The region whose offers count (mine), from the latest answer. */
  get region(): string | null {
    return this.#region;
  }

  /** True while answers are on their way (a filter says it is checking, not "none"). */
  get busy(): boolean {
    return this.#busy > 0;
  }

  /** Every answer so far, by `movie:603` key (reactive). */
  get known(): ReadonlyMap<string, TitleAvailability> {
    return this.#known;
  }

  of(ref: TitleRef): TitleAvailability | undefined {
    return this.#known.get(refKey(ref));
  }

  /** Asks for these titles' availability (those not known or asked already), batched. */
  want(refs: readonly TitleRef[]): void {
    for (const ref of refs) {
      const key = refKey(ref);
      this.#asked.set(key, ref);
      if (!this.#known.has(key) && !this.#inFlight.has(key)) this.#queued.set(key, ref);
    }
    this.#schedule();
  }

  /** Asks again about these titles (their providers were just read, on their page). */
  renew(refs: readonly TitleRef[]): void {
    for (const ref of refs) this.#queued.set(refKey(ref), ref);
    this.#schedule();
  }

  /** Reads my services and every title asked about again (my services changed). */
  async refresh(): Promise<void> {
    for (const [key, ref] of this.#asked) this.#queued.set(key, ref);
    this.#schedule();
    await this.loadMine();
  }

  async loadMine(): Promise<void> {
    const name = SERVICES_GET;
    if (!isChannelName(name)) return;
    try {
      const result = await this.#bridge().invoke(name);
      if (result.ok) this.#mine = readMine(result.value);
    } catch {
      // Unknown stays unknown: the filters still work from the availability answers.
    }
  }

  /** Loads my services and follows their changes; returns the function that unsubscribes. */
  start(): () => void {
    void this.loadMine();
    const event = SERVICES_CHANGED;
    if (!isEventName(event)) return () => undefined;
    return this.#bridge().on(event, () => void this.refresh());
  }

  /** Sets what is known of my services (Settings, after a choice there). */
  setMine(value: MyServices): void {
    this.#mine = value;
    void this.refresh();
  }

  #schedule(): void {
    if (this.#scheduled || this.#queued.size === 0) return;
    this.#scheduled = true;
    // The cards of a page mount in one turn: one call covers them all.
    setTimeout(() => {
      this.#scheduled = false;
      void this.#flush();
    }, 0);
  }

  async #flush(): Promise<void> {
    const batch = [...this.#queued.values()];
    this.#queued.clear();
    for (let start = 0; start < batch.length; start += AVAILABILITY_BATCH) {
      const items = batch.slice(start, start + AVAILABILITY_BATCH);
      for (const ref of items) this.#inFlight.add(refKey(ref));
      this.calls += 1;
      this.#busy += 1;
      try {
        const result = await this.#bridge().invoke('services.availability', { items });
        if (result.ok) {
          this.#region = result.value.region;
          for (const item of result.value.items) this.#known.set(refKey(item), item);
        }
      } catch {
        // A failed read leaves these titles unknown: no mark, and the filter leaves them out.
      } finally {
        this.#busy -= 1;
        for (const ref of items) this.#inFlight.delete(refKey(ref));
      }
    }
  }
}

export const availability = new AvailabilityState();
