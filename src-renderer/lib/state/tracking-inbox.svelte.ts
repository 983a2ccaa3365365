import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { InboxItemView } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { detailHref } from '../routes';
import { OwnChanges } from './own-changes';

/** Where an inbox item leads: the episode's series page, the film, or the title that arrived. */
export function inboxHref(item: InboxItemView): string {
  const kind =
    item.kind === 'episode'
      ? 'tv'
      : item.kind === 'arrival'
        ? (item.mediaType ?? 'movie')
        : 'movie';
  return detailHref({ kind, id: item.mediaId });
}

/**
 * The inbox of new episodes and releases that refreshes found. The unread count shows on the bell
 * everywhere, so it follows the core's `tracking.inbox` event; the items are read when the inbox
 * is opened, and again when new ones arrive while it is. Items read in another window arrive as
 * a `tracking.changed`; this window's own read marks are shown at once and not read again.
 */
export class InboxState {
  #items = $state.raw<readonly InboxItemView[]>([]);
  #unread = $state(0);
  #loaded = $state(false);
  #error = $state.raw<IpcError | null>(null);
  #checking = $state(false);
  readonly #changes = new OwnChanges(() => (this.#loaded ? this.load() : this.#readUnread()));

  get items(): readonly InboxItemView[] {
    return this.#items;
  }
  get unread(): number {
    return this.#unread;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get checking(): boolean {
    return this.#checking;
  }

  /** Follows `tracking.inbox` and others' read marks; returns the function that stops. */
  start(bridge: MarqueeApi): () => void {
    void this.#readUnread();
    const stops = [
      bridge.on('tracking.inbox', (event) => {
        this.#unread = event.unread;
        if (this.#loaded) void this.#changes.request();
      }),
      this.#changes.follow(bridge),
    ];
    return () => {
      stops.forEach((stop) => {
        stop();
      });
    };
  }

  async load(): Promise<void> {
    const reply = await call('tracking.inbox', { limit: 200, unreadOnly: false });
    if (reply.ok) {
      this.#items = reply.value.items;
      this.#unread = reply.value.unread;
      this.#error = null;
      this.#loaded = true;
    } else {
      this.#error = reply.error;
    }
  }

  /**
   * Checks followed series and watchlist films for news now, instead of at the next scheduled
   * refresh; new items arrive through `tracking.inbox`. Returns the failure, if any.
   */
  async checkNow(): Promise<{ failed: number } | { error: IpcError }> {
    this.#checking = true;
    try {
      const reply = await call('tracking.refresh', {});
      if (!reply.ok) return { error: reply.error };
      await this.load();
      return { failed: reply.value.failed };
    } finally {
      this.#checking = false;
    }
  }

  /** Marks items read; shown read at once, put back if the core refuses. */
  async markRead(ids: readonly number[] | 'all'): Promise<IpcError | null> {
    const before = { items: this.#items, unread: this.#unread };
    const now = Date.now();
    const hit = (item: InboxItemView): boolean => ids === 'all' || ids.includes(item.id);
    this.#items = this.#items.map((item) =>
      hit(item) && item.readAt === null ? { ...item, readAt: now } : item,
    );
    const reply = await this.#changes.run(() =>
      call('tracking.markRead', { ids: ids === 'all' ? 'all' : [...ids] }),
    );
    if (!reply.ok) {
      this.#items = before.items;
      this.#unread = before.unread;
      return reply.error;
    }
    this.#unread = reply.value.unread;
    return null;
  }

  reset(): void {
    this.#items = [];
    this.#unread = 0;
    this.#loaded = false;
    this.#error = null;
    this.#checking = false;
    this.#changes.reset();
  }

  async #readUnread(): Promise<void> {
    const reply = await call('tracking.status');
    if (reply.ok) this.#unread = reply.value.unread;
  }
}

export const inbox = new InboxState();
