import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { PlayView } from '../../../src-shared/ipc/contract';
import type { CapturedPlayView, ReviewItemView } from '../../../src-shared/ipc/contract/capture';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { dedupe } from '../dedupe';
import { OwnChanges } from './own-changes';

/** Plays read per page. */
export const CAPTURED_PAGE = 50;

/** A TMDB title offered for a viewing that could not be matched. */
export interface Candidate {
  mediaType: 'movie' | 'tv';
  id: number;
  title: string;
  year: string;
}

/**
 * The plays captured from media servers, newest first, and the viewings that wait for the user
 * because they could not be matched to a TMDB title. Follows `capture.changed` and others'
 * `tracking.changed` (one reload for a burst); its own Undo is applied in place, and its echo is
 * not read again.
 */
export class CapturedState {
  #plays = $state.raw<readonly CapturedPlayView[]>([]);
  #total = $state(0);
  #review = $state.raw<readonly ReviewItemView[]>([]);
  #status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  #error = $state.raw<IpcError | null>(null);
  #loadingMore = $state(false);
  /** Bumped by each reload, so a page asked before it is dropped when it answers. */
  #generation = 0;
  readonly #changes = new OwnChanges(() => this.load());

  get plays(): readonly CapturedPlayView[] {
    return this.#plays;
  }
  get total(): number {
    return this.#total;
  }
  get review(): readonly ReviewItemView[] {
    return this.#review;
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
  get hasMore(): boolean {
    return this.#plays.length < this.#total;
  }
  /** Loaded, and nothing was ever captured nor waits for review. */
  get empty(): boolean {
    return this.#status === 'ready' && this.#total === 0 && this.#review.length === 0;
  }

  /** Follows the capture and tracking events; returns the function that stops. */
  start(bridge: MarqueeApi): () => void {
    const stops = [
      this.#changes.follow(bridge),
      bridge.on('capture.changed', () => {
        if (this.#status !== 'idle') void this.#changes.request();
      }),
    ];
    return () => {
      stops.forEach((stop) => {
        stop();
      });
    };
  }

  /** Reads the plays shown so far (at least one page) and the review list again. */
  async load(): Promise<void> {
    const generation = ++this.#generation;
    if (this.#status !== 'ready') this.#status = 'loading';
    const limit = Math.min(500, Math.max(CAPTURED_PAGE, this.#plays.length));
    const [plays, review] = await Promise.all([
      call('capture.captured', { limit, offset: 0 }),
      call('capture.review'),
    ]);
    if (generation !== this.#generation) return;
    if (plays.ok && review.ok) {
      this.#plays = plays.value.plays;
      this.#total = plays.value.total;
      this.#review = review.value.items;
      this.#status = 'ready';
      this.#error = null;
    } else {
      this.#error = plays.ok ? (review.ok ? null : review.error) : plays.error;
      if (this.#status !== 'ready') this.#status = 'error';
    }
  }

  /** Appends the next page; returns the failure, if any. */
  async loadMore(): Promise<IpcError | null> {
    if (this.#loadingMore || !this.hasMore) return null;
    const generation = this.#generation;
    this.#loadingMore = true;
    try {
      const reply = await call('capture.captured', {
        limit: CAPTURED_PAGE,
        offset: this.#plays.length,
      });
      if (generation !== this.#generation) return null;
      if (!reply.ok) return reply.error;
      this.#plays = dedupe(this.#plays, reply.value.plays, (play) => play.playUid);
      this.#total = reply.value.total;
      return null;
    } finally {
      this.#loadingMore = false;
    }
  }

  /**
   * Removes a captured play from the history; the row leaves at once. Returns the removed plays
   * (for the Undo toast), or the failure.
   */
  async undo(play: CapturedPlayView): Promise<{ removed: PlayView[] } | { error: IpcError }> {
    const reply = await this.#changes.run(() =>
      call('tracking.unmark', { target: { scope: 'play', uid: play.playUid } }),
    );
    if (!reply.ok) return { error: reply.error };
    this.#plays = this.#plays.filter((row) => row.playUid !== play.playUid);
    this.#total = Math.max(0, this.#total - 1);
    return { removed: reply.value.removed };
  }

  /** Matches a waiting viewing to a title (it becomes a play) or lets it go. */
  async resolve(item: ReviewItemView, choice: Candidate | 'skip'): Promise<IpcError | null> {
    const reply = await call('capture.resolve', {
      reviewId: item.id,
      choice: choice === 'skip' ? { skip: true } : { mediaType: choice.mediaType, id: choice.id },
    });
    if (!reply.ok) return reply.error;
    this.#review = reply.value.items;
    // A match adds a play: the list reads it (its events may come before this reply).
    if (choice !== 'skip') void this.#changes.request();
    return null;
  }

  /** TMDB titles of the kind a waiting viewing is (a film, or a series for an episode). */
  async search(
    item: ReviewItemView,
    query: string,
  ): Promise<{ found: Candidate[] } | { error: IpcError }> {
    const reply = await call('search.multi', { query: query.trim().slice(0, 200), page: 1 });
    if (!reply.ok) return { error: reply.error };
    const want = item.mediaType === 'movie' ? 'movie' : 'tv';
    const found = reply.value.data.results.flatMap((result): Candidate[] => {
      if (result.media_type === 'movie' && want === 'movie')
        return [
          {
            mediaType: 'movie',
            id: result.id,
            title: result.title,
            year: yearOf(result.release_date),
          },
        ];
      if (result.media_type === 'tv' && want === 'tv')
        return [
          {
            mediaType: 'tv',
            id: result.id,
            title: result.name,
            year: yearOf(result.first_air_date),
          },
        ];
      return [];
    });
    return { found };
  }

  /** Resolves once no reload is queued or running (tests). */
  settled(): Promise<void> {
    return this.#changes.settled();
  }

  reset(): void {
    this.#generation += 1;
    this.#plays = [];
    this.#total = 0;
    this.#review = [];
    this.#status = 'idle';
    this.#error = null;
    this.#loadingMore = false;
    this.#changes.reset();
  }
}

function yearOf(date: string | null | undefined): string {
  return typeof date === 'string' && /^\d{4}/.test(date) ? date.slice(0, 4) : '';
}

export const captured = new CapturedState();
