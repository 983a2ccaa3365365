import type { IpcError } from '../../../src-shared/ipc/errors';

export type ToastKind = 'success' | 'failure';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Extra detail, e.g. the core's error text. */
  detail: string | null;
}

/** Long enough to read a sentence; failures stay longer, since they ask the reader to act. */
export const SUCCESS_MS = 4000;
export const FAILURE_MS = 8000;
/** Older toasts give way so a burst of actions cannot cover the window. */
const MAX_SHOWN = 4;

/**
 * Short notices of actions that completed or failed, for any view to raise: `toasts.success(…)`,
 * `toasts.failure(…)`. Each dismisses itself; the host renders them in live regions.
 */
export class ToastState {
  #items = $state.raw<readonly Toast[]>([]);
  #nextId = 1;
  // Bookkeeping only: nothing renders the timers, so they need no reactivity.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #timers = new Map<number, ReturnType<typeof setTimeout>>();

  get items(): readonly Toast[] {
    return this.#items;
  }

  success(message: string, detail: string | null = null): number {
    return this.#add('success', message, detail, SUCCESS_MS);
  }

  failure(message: string, error: IpcError | string | null = null): number {
    const detail = error === null ? null : typeof error === 'string' ? error : error.message;
    return this.#add('failure', message, detail, FAILURE_MS);
  }

  dismiss(id: number): void {
    const timer = this.#timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.#timers.delete(id);
    this.#items = this.#items.filter((t) => t.id !== id);
  }

  reset(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    this.#items = [];
    this.#nextId = 1;
  }

  #add(kind: ToastKind, message: string, detail: string | null, lifetime: number): number {
    const id = this.#nextId++;
    const next = [...this.#items, { id, kind, message, detail }];
    for (const old of next.slice(0, Math.max(0, next.length - MAX_SHOWN))) this.dismiss(old.id);
    this.#items = next.slice(-MAX_SHOWN);
    this.#timers.set(
      id,
      setTimeout(() => {
        this.dismiss(id);
      }, lifetime),
    );
    return id;
  }
}

export const toasts = new ToastState();
