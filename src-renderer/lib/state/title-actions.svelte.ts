import type { ChannelOutput, RatingTarget, UserList } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';

export type LibraryState = ChannelOutput<'library.state'>;
export type ActionName = 'watchlist' | 'favorite' | 'rate' | 'list';

/**
 * The user's own marks on one title or episode: watchlist, favourite, rating and lists. A change
 * shows at once (the core applies it locally and queues it in the outbox); `pending` says it waits
 * to be sent to TMDB. A refused change is undone on screen and its reason shown.
 */
export class TitleActions {
  readonly target: RatingTarget;
  #state = $state.raw<LibraryState | null>(null);
  #lists = $state.raw<readonly UserList[]>([]);
  #busy = $state<ActionName | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #notice = $state<string | null>(null);
  #sequence = 0;
  /** Called after a rating is saved; a page uses it to offer marking the title watched. */
  afterRate: ((value: number) => void) | null = null;

  constructor(target: RatingTarget) {
    this.target = target;
  }

  get loaded(): boolean {
    return this.#state !== null;
  }
  get watchlist(): boolean {
    return this.#state?.watchlist ?? false;
  }
  get favorite(): boolean {
    return this.#state?.favorite ?? false;
  }
  get rating(): number | null {
    return this.#state?.rating ?? null;
  }
  get pending(): boolean {
    return this.#state?.pending ?? false;
  }
  get inLists(): readonly string[] {
    return this.#state?.lists ?? [];
  }
  get lists(): readonly UserList[] {
    return this.#lists;
  }
  get busy(): ActionName | null {
    return this.#busy;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  /** A short confirmation, e.g. "Added to “Weekend”". */
  get notice(): string | null {
    return this.#notice;
  }

  /** Reads the current marks (from the local library, so it works offline). */
  async load(): Promise<void> {
    const sequence = ++this.#sequence;
    const reply = await call('library.state', { target: this.target });
    if (sequence !== this.#sequence) return;
    if (reply.ok) this.#state = reply.value;
    else this.#error = reply.error;
  }

  async loadLists(): Promise<void> {
    const reply = await call('lists.all');
    if (reply.ok) this.#lists = reply.value.lists;
    else this.#error = reply.error;
  }

  async toggleWatchlist(): Promise<void> {
    const { mediaType, mediaId } = this.target;
    if (mediaType === 'episode') return;
    const on = !this.watchlist;
    await this.#change('watchlist', { watchlist: on }, () =>
      call('library.setWatchlist', { mediaType, mediaId, on }),
    );
  }

  async toggleFavorite(): Promise<void> {
    const { mediaType, mediaId } = this.target;
    if (mediaType === 'episode') return;
    const on = !this.favorite;
    await this.#change('favorite', { favorite: on }, () =>
      call('library.setFavorite', { mediaType, mediaId, on }),
    );
  }

  /** Rates 0.5..10 in halves, or clears the rating with null. */
  async rate(value: number | null): Promise<void> {
    const done = await this.#change('rate', { rating: value }, () =>
      call('library.rate', { target: this.target, value }),
    );
    if (done && value !== null) this.afterRate?.(value);
  }

  async addToList(list: UserList): Promise<void> {
    const { mediaType, mediaId } = this.target;
    // TMDB v3 lists hold films only.
    if (mediaType !== 'movie') return;
    const done = await this.#change('list', { lists: [...this.inLists, list.id] }, () =>
      call('lists.addItem', { listId: list.id, movieId: mediaId }),
    );
    if (done) this.#notice = `Added to “${list.name}”`;
  }

  dismissError(): void {
    this.#error = null;
  }

  reset(): void {
    this.#sequence += 1;
    this.#state = null;
    this.#lists = [];
    this.#busy = null;
    this.#error = null;
    this.#notice = null;
  }

  async #change(
    name: ActionName,
    patch: Partial<LibraryState>,
    send: () => Promise<{ ok: true } | { ok: false; error: IpcError }>,
  ): Promise<boolean> {
    if (this.#busy) return false;
    const before = this.#state;
    this.#busy = name;
    this.#error = null;
    this.#notice = null;
    // Shown at once, marked pending; the core answers only after writing the outbox durably.
    this.#state = { ...(before ?? emptyState()), ...patch, pending: true };
    const reply = await send();
    this.#busy = null;
    if (!reply.ok) {
      this.#state = before;
      this.#error = reply.error;
      return false;
    }
    await this.load();
    return true;
  }
}

function emptyState(): LibraryState {
  return { watchlist: false, favorite: false, rating: null, lists: [], pending: false };
}
