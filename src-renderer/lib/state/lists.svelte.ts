import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { LibraryItem, UserList } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { coalesce } from '../coalesce';

/**
 * The custom lists and the one that is open. Every change is written locally and queued, so it
 * works offline; `library.changed` reloads what is shown.
 */
export class ListsState {
  #lists = $state.raw<readonly UserList[]>([]);
  #loaded = $state(false);
  #error = $state.raw<IpcError | null>(null);
  #openId = $state<string | null>(null);
  #open = $state.raw<UserList | null>(null);
  #items = $state.raw<readonly LibraryItem[]>([]);
  #openError = $state.raw<IpcError | null>(null);

  get lists(): readonly UserList[] {
    return this.#lists;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  /** The open list, or null while the overview is shown. */
  get open(): UserList | null {
    return this.#open;
  }
  get openId(): string | null {
    return this.#openId;
  }
  get items(): readonly LibraryItem[] {
    return this.#items;
  }
  get openError(): IpcError | null {
    return this.#openError;
  }

  /** Follows `library.changed` and the end of sync runs; returns the function that stops. */
  start(bridge: MarqueeApi): () => void {
    const reload = coalesce(() => this.refresh());
    const stops = [
      bridge.on('library.changed', ({ collections }) => {
        if (collections.includes('lists')) void reload();
      }),
      bridge.on('sync.status', (status) => {
        if (!status.running && this.#loaded) void reload();
      }),
    ];
    return () => {
      stops.forEach((stop) => {
        stop();
      });
    };
  }

  /** Reloads the overview and, when one is open, that list. */
  async refresh(): Promise<void> {
    await Promise.all([
      this.loadAll(),
      this.#openId === null ? Promise.resolve() : this.#loadOpen(this.#openId),
    ]);
  }

  async loadAll(): Promise<void> {
    const result = await call('lists.all');
    if (result.ok) {
      this.#lists = result.value.lists;
      this.#error = null;
      this.#loaded = true;
    } else {
      this.#error = result.error;
    }
  }

  async openList(listId: string): Promise<void> {
    this.#openId = listId;
    this.#open = this.#lists.find((l) => l.id === listId) ?? null;
    this.#items = [];
    await this.#loadOpen(listId);
  }

  close(): void {
    this.#openId = null;
    this.#open = null;
    this.#items = [];
    this.#openError = null;
  }

  async create(
    name: string,
    description: string,
  ): Promise<{ list: UserList } | { error: IpcError }> {
    const result = await call('lists.create', { name, description });
    if (!result.ok) return { error: result.error };
    await this.loadAll();
    return { list: result.value.list };
  }

  async addItem(listId: string, movieId: number): Promise<IpcError | null> {
    return this.#change(call('lists.addItem', { listId, movieId }));
  }

  async removeItem(listId: string, movieId: number): Promise<IpcError | null> {
    return this.#change(call('lists.removeItem', { listId, movieId }));
  }

  async clear(listId: string): Promise<IpcError | null> {
    return this.#change(call('lists.clear', { listId, confirm: true }));
  }

  async remove(listId: string): Promise<IpcError | null> {
    const error = await this.#change(call('lists.delete', { listId }));
    if (error === null && this.#openId === listId) this.close();
    return error;
  }

  reset(): void {
    this.#lists = [];
    this.#loaded = false;
    this.#error = null;
    this.close();
  }

  async #change(
    pending: Promise<{ ok: true } | { ok: false; error: IpcError }>,
  ): Promise<IpcError | null> {
    const result = await pending;
    if (!result.ok) return result.error;
    await this.refresh();
    return null;
  }

  async #loadOpen(listId: string): Promise<void> {
    const result = await call('lists.get', { listId });
    if (this.#openId !== listId) return;
    if (result.ok) {
      this.#open = result.value.list;
      this.#items = result.value.items;
      this.#openError = null;
    } else {
      this.#openError = result.error;
    }
  }
}

export const lists = new ListsState();
