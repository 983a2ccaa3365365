import type { PicksListView, PickView } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import { api, call } from '../api';
import { coalesce } from '../coalesce';
import { availability, onMyServices, type AvailabilityCall } from '../availability';
import { toasts } from './toasts.svelte';

type Ask = typeof call;

/** How many picks a page of "For you" shows; the shelf shows the first of them. */
export const PICKS_SHOWN = 60;

const keyOf = (p: { mediaType: string; id: number }): string => `${p.mediaType}:${String(p.id)}`;

/**
 * The "For you" picks, shared by the Browse shelf and the page: loaded once, read again when the
 * core says they changed, "Not interested" with an Undo, and the "On my services" filter.
 */
export class PicksState {
  #list = $state.raw<PicksListView | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #loading = $state(false);
  #gone = $state.raw<readonly string[]>([]);
  #onMine = $state(false);
  #mine = $state.raw<{ keys: readonly string[]; unknown: number } | null>(null);
  #where = $state.raw<Readonly<Record<string, string>>>({});
  #mineError = $state<string | null>(null);
  #sequence = 0;
  #started = false;
  readonly #ask: Ask;
  readonly #availability: AvailabilityCall;

  constructor(ask: Ask = call, availabilityCall: AvailabilityCall = availability) {
    this.#ask = ask;
    this.#availability = availabilityCall;
  }

  get list(): PicksListView | null {
    return this.#list;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get loading(): boolean {
    return this.#loading;
  }
  get onMine(): boolean {
    return this.#onMine;
  }
  /** Why the filter could not be applied, in a sentence; null when it was. */
  get mineError(): string | null {
    return this.#mineError;
  }
  /** Picks left out by the filter because where they stream is not known yet. */
  get unknownCount(): number {
    return this.#onMine ? (this.#mine?.unknown ?? 0) : 0;
  }
  /** The service a pick streams on, when the filter knows it. */
  serviceOf(p: PickView): string | null {
    return this.#where[keyOf(p)] ?? null;
  }

  /** The picks to show: dismissed ones gone at once, and only mine when the filter is on. */
  get items(): PickView[] {
    const items = (this.#list?.items ?? []).filter((p) => !this.#gone.includes(keyOf(p)));
    if (!this.#onMine || this.#mine === null) return items;
    const keys = this.#mine.keys;
    return items.filter((p) => keys.includes(keyOf(p)));
  }

  /**
   * Loads once and follows the core's changes from then on. Changes come in bursts (an import
   * announces its plays chunk by chunk): the reads they ask for collapse into one more after the
   * one running, never a request each.
   */
  start(bridge: Pick<MarqueeApi, 'on'> = api()): void {
    if (this.#started) return;
    this.#started = true;
    const reload = coalesce(() => this.load());
    const again = (): void => void reload();
    again();
    bridge.on('picks.changed', again);
    bridge.on('tracking.changed', again);
  }

  async load(): Promise<void> {
    const sequence = ++this.#sequence;
    this.#loading = true;
    const reply = await this.#ask('picks.list', { limit: PICKS_SHOWN });
    if (sequence !== this.#sequence) return;
    this.#loading = false;
    if (!reply.ok) {
      this.#error = reply.error;
      return;
    }
    this.#error = null;
    this.#list = reply.value;
    this.#gone = [];
    if (this.#onMine) await this.#applyMine();
  }

  async setOnMine(on: boolean): Promise<void> {
    this.#onMine = on;
    if (on) await this.#applyMine();
  }

  async #applyMine(): Promise<void> {
    const items = this.#list?.items ?? [];
    if (items.length === 0) {
      this.#mine = { keys: [], unknown: 0 };
      return;
    }
    const reply = await this.#availability({
      items: items.map((p) => ({ mediaType: p.mediaType, id: p.id })),
    });
    if (!reply.ok) {
      // The filter cannot be applied: every pick stays, and the page says why.
      this.#mine = null;
      this.#mineError = 'Where these titles stream is not known yet, so every pick is shown.';
      return;
    }
    const mine = onMyServices(items, reply.value);
    this.#mineError = null;
    this.#mine = { keys: mine.items.map(keyOf), unknown: mine.unknown };
    this.#where = Object.fromEntries([...mine.where].map(([key, service]) => [key, service.name]));
  }

  /** "Not interested": gone at once, remembered by the core, with an Undo. */
  async dismiss(p: PickView): Promise<void> {
    const key = keyOf(p);
    this.#gone = [...this.#gone, key];
    const reply = await this.#ask('picks.dismiss', { mediaType: p.mediaType, id: p.id });
    if (!reply.ok) {
      this.#gone = this.#gone.filter((k) => k !== key);
      toasts.failure(`Could not hide ${p.title}`, reply.error);
      return;
    }
    toasts.success(`${p.title} won’t be suggested again`, null, {
      label: 'Undo',
      run: () => void this.undismiss(p),
    });
  }

  async undismiss(p: PickView): Promise<void> {
    const reply = await this.#ask('picks.undismiss', { mediaType: p.mediaType, id: p.id });
    if (!reply.ok) {
      toasts.failure(`Could not bring back ${p.title}`, reply.error);
      return;
    }
    this.#gone = this.#gone.filter((k) => k !== keyOf(p));
    await this.load();
  }
}

export const picks = new PicksState();
