import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { ChannelOutput, PlayView } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { dedupe } from '../dedupe';
import {
  emptyBook,
  lookupTitle,
  titleRequest,
  withFailed,
  withTitles,
  type TitleBook,
  type TitleLookup,
} from '../play-titles';
import { OwnChanges } from './own-changes';

/** Plays read per page. */
export const HISTORY_PAGE = 100;
/** The most plays a reload reads at once (the contract's largest page). */
const MOST_AT_ONCE = 1000;

export type HistoryFilter = 'all' | 'movie' | 'episode';
type Cursor = NonNullable<ChannelOutput<'tracking.history'>['next']>;

/**
 * The history, newest first, read page by page after the previous page's cursor, with the names
 * and posters of each page's titles. Follows `tracking.changed` and reads again from the top; its
 * own removal is applied in place and its echo is not read again.
 */
export class HistoryState {
  #plays = $state.raw<readonly PlayView[]>([]);
  #total = $state(0);
  #next = $state.raw<Cursor | null>(null);
  #filter = $state<HistoryFilter>('all');
  #status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  #error = $state.raw<IpcError | null>(null);
  #loadingMore = $state(false);
  #moreError = $state.raw<IpcError | null>(null);
  /** The names and posters read so far; a failed lookup is shown with an honest label. */
  #book = $state.raw<TitleBook>(emptyBook);
  /** Bumped by each reload, so a page asked before it is dropped when it answers. */
  #generation = 0;
  readonly #changes = new OwnChanges(() => this.load());

  get plays(): readonly PlayView[] {
    return this.#plays;
  }
  get total(): number {
    return this.#total;
  }
  get filter(): HistoryFilter {
    return this.#filter;
  }
  get status(): 'idle' | 'loading' | 'ready' | 'error' {
    return this.#status;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get loadingMore(): boolean {
    return this.#loadingMore;
  }
  /** The last page that failed to load, until a retry; the rows loaded stay. */
  get moreError(): IpcError | null {
    return this.#moreError;
  }
  get hasMore(): boolean {
    return this.#next !== null;
  }

  /** The title a play belongs to (the film, or the episode's series), as far as it is known. */
  lookup(play: PlayView): TitleLookup {
    return lookupTitle(this.#book, play);
  }

  /** Follows the tracking events; returns the function that stops. */
  start(bridge: MarqueeApi): () => void {
    return this.#changes.follow(bridge);
  }

  /** Shows one kind of play (or all), from the first page. */
  async setFilter(filter: HistoryFilter): Promise<void> {
    if (filter === this.#filter) return;
    this.#filter = filter;
    this.#plays = [];
    this.#next = null;
    this.#status = 'loading';
    await this.load();
  }

  /** Reads the history again from the top: as many plays as are shown (at least one page). */
  async load(): Promise<void> {
    const generation = ++this.#generation;
    if (this.#status !== 'ready') this.#status = 'loading';
    this.#moreError = null;
    const limit = Math.min(MOST_AT_ONCE, Math.max(HISTORY_PAGE, this.#plays.length));
    const reply = await call('tracking.history', { limit, ...this.#media() });
    if (generation !== this.#generation) return;
    if (!reply.ok) {
      this.#error = reply.error;
      if (this.#status !== 'ready') this.#status = 'error';
      return;
    }
    // A reload reads every title again: a refresh may have renamed one or found it removed.
    await this.#readTitles(reply.value.plays, generation, true);
    if (generation !== this.#generation) return;
    this.#plays = reply.value.plays;
    this.#total = reply.value.total;
    this.#next = reply.value.next;
    this.#status = 'ready';
    this.#error = null;
  }

  /** Appends the next page, right after the last one; a failure keeps every row loaded. */
  async loadMore(): Promise<void> {
    const after = this.#next;
    if (this.#loadingMore || after === null || this.#status !== 'ready') return;
    const generation = this.#generation;
    this.#loadingMore = true;
    this.#moreError = null;
    try {
      const reply = await call('tracking.history', {
        limit: HISTORY_PAGE,
        after,
        ...this.#media(),
      });
      if (generation !== this.#generation) return;
      if (!reply.ok) {
        this.#moreError = reply.error;
        return;
      }
      await this.#readTitles(reply.value.plays, generation, false);
      if (generation !== this.#generation) return;
      this.#plays = dedupe(this.#plays, reply.value.plays, (play) => play.uid);
      this.#total = reply.value.total;
      this.#next = reply.value.next;
    } finally {
      if (generation === this.#generation) this.#loadingMore = false;
    }
  }

  /** Removes one play; its row leaves at once. Returns the removed plays (for Undo) or the failure. */
  async remove(play: PlayView): Promise<{ removed: PlayView[] } | { error: IpcError }> {
    const reply = await this.#changes.run(() =>
      call('tracking.unmark', { target: { scope: 'play', uid: play.uid } }),
    );
    if (!reply.ok) return { error: reply.error };
    this.#plays = this.#plays.filter((row) => row.uid !== play.uid);
    this.#total = Math.max(0, this.#total - reply.value.removed.length);
    return { removed: reply.value.removed };
  }

  #media(): { mediaType?: 'movie' | 'episode' } {
    return this.#filter === 'all' ? {} : { mediaType: this.#filter };
  }

  /** One lookup for the page's titles not known yet; a failure marks them, never the page. */
  async #readTitles(plays: readonly PlayView[], generation: number, fresh: boolean): Promise<void> {
    const request = titleRequest(plays, this.#book, fresh);
    if (request === null) return;
    const reply = await call('history.titles', request);
    if (generation !== this.#generation) return;
    this.#book = reply.ok
      ? withTitles(this.#book, reply.value, fresh)
      : withFailed(this.#book, request);
  }
}

export const history = new HistoryState();
