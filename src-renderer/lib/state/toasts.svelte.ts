import type { IpcError } from '../../../src-shared/ipc/errors';
import { readableError, technicalDetail } from '../errors';

export type ToastKind = 'success' | 'failure';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** A plain sentence under the message, e.g. what to do about a failure. */
  detail: string | null;
  /** The core's error text, shown only behind a "Details" toggle. */
  technical: string | null;
  /** One button beside the message, e.g. Undo; pressing it runs it and dismisses the toast. */
  action: ToastAction | null;
}

export interface ToastAction {
  label: string;
  run: () => void;
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

  success(
    message: string,
    detail: string | null = null,
    action: ToastAction | null = null,
  ): number {
    // A toast with an action stays as long as a failure: it has to be read and then reached.
    return this.#add('success', message, detail, action ? FAILURE_MS : SUCCESS_MS, action);
  }

  failure(message: string, error: IpcError | string | null = null): number {
    // An error from the core reads as one plain sentence; its own text waits behind Details.
    if (error === null || typeof error === 'string')
      return this.#add('failure', message, error, FAILURE_MS);
    const readable = readableError(error);
    const technical = readable === error.message ? null : technicalDetail(error);
    return this.#add('failure', message, readable, FAILURE_MS, null, technical);
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

  #add(
    kind: ToastKind,
    message: string,
    detail: string | null,
    lifetime: number,
    action: ToastAction | null = null,
    technical: string | null = null,
  ): number {
    const id = this.#nextId++;
    const next = [...this.#items, { id, kind, message, detail, technical, action }];
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
