import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type {
  PlayView,
  SeriesProgressView,
  UpNextItemView,
} from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { startOfLocalDay } from '../calendar';
import { OwnChanges } from './own-changes';

export type SnoozeChoice = 'day' | 'week' | 'next-episode';

const DAY_MS = 86_400_000;

/** The first announced, not yet aired episode's day, or null when none is announced. */
export function nextAirDay(progress: SeriesProgressView | null): string | null {
  for (const season of progress?.seasons ?? []) {
    for (const episode of season.episodes) {
      if (!episode.aired && episode.airDate) return episode.airDate;
    }
  }
  return null;
}

/**
 * Up Next: for each series in progress, the next episode to watch, most recently watched first.
 * Everything it reads is Marquee's own data, so it works offline. Marking a row watched replaces
 * it in place with the reply's next episode (or removes it when the series is caught up), so the
 * list does not jump while someone works through it.
 */
export class UpNextState {
  #items = $state.raw<readonly UpNextItemView[]>([]);
  #status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  #error = $state.raw<IpcError | null>(null);
  /** The series whose row is being changed. */
  #busy = $state<number | null>(null);
  /** Writes apply their reply in place; their own echo must not reorder the list by reloading. */
  readonly #changes = new OwnChanges(() => this.load());

  get items(): readonly UpNextItemView[] {
    return this.#items;
  }
  get status(): 'idle' | 'loading' | 'ready' | 'error' {
    return this.#status;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get busy(): number | null {
    return this.#busy;
  }

  /** Reloads when plays or follows change elsewhere (a series page, a refresh). */
  start(bridge: MarqueeApi): () => void {
    return this.#changes.follow(bridge);
  }

  async load(): Promise<void> {
    if (this.#status !== 'ready') this.#status = 'loading';
    const reply = await call('tracking.upNext', {});
    if (reply.ok) {
      this.#items = reply.value;
      this.#status = 'ready';
      this.#error = null;
    } else {
      this.#error = reply.error;
      if (this.#items.length === 0) this.#status = 'error';
    }
  }

  /** Marks the row's episode watched now; returns the plays added (for Undo), or the failure. */
  async markWatched(item: UpNextItemView): Promise<{ added: PlayView[] } | { error: IpcError }> {
    const { seriesId } = item.progress;
    return this.#change(seriesId, async () => {
      const reply = await this.#changes.run(() =>
        call('tracking.mark', {
          target: {
            scope: 'episode',
            seriesId,
            season: item.episode.season,
            episode: item.episode.episode,
          },
          when: { kind: 'now' },
          rewatch: false,
          source: 'marquee',
        }),
      );
      if (!reply.ok) return { error: reply.error };
      this.#replace(seriesId, reply.value.upNext);
      return { added: reply.value.added };
    });
  }

  /** Takes back plays just added from a row (Undo), putting the row back as it was. */
  async undo(seriesId: number, added: readonly PlayView[]): Promise<IpcError | null> {
    return this.#change(seriesId, async () => {
      let last: { upNext: UpNextItemView | null } | null = null;
      let failure: IpcError | null = null;
      for (const play of added) {
        const reply = await this.#changes.run(() =>
          call('tracking.unmark', { target: { scope: 'play', uid: play.uid } }),
        );
        if (!reply.ok) {
          failure = reply.error;
          break;
        }
        last = reply.value;
      }
      // What was taken back stays taken back, even when a later play could not be.
      if (last) this.#replace(seriesId, last.upNext);
      return failure;
    });
  }

  async hide(seriesId: number): Promise<IpcError | null> {
    return this.#change(seriesId, async () => {
      const reply = await this.#changes.run(() =>
        call('tracking.setHidden', { seriesId, hidden: true }),
      );
      if (!reply.ok) return reply.error;
      this.#items = this.#items.filter((i) => i.progress.seriesId !== seriesId);
      return null;
    });
  }

  async unhide(seriesId: number): Promise<IpcError | null> {
    const reply = await this.#changes.run(() =>
      call('tracking.setHidden', { seriesId, hidden: false }),
    );
    if (!reply.ok) return reply.error;
    this.#restore(seriesId, reply.value.upNext);
    return null;
  }

  /**
   * Hides the row for a day, a week, or until the next announced episode airs. With no episode
   * announced, a week. Returns when the snooze ends, or the failure.
   */
  async snooze(
    seriesId: number,
    choice: SnoozeChoice,
    now: number = Date.now(),
  ): Promise<{ until: number } | { error: IpcError }> {
    return this.#change(seriesId, async () => {
      let until = now + (choice === 'day' ? DAY_MS : 7 * DAY_MS);
      if (choice === 'next-episode') {
        const progress = await call('tracking.progress', { seriesId });
        const day = progress.ok ? nextAirDay(progress.value) : null;
        if (day) until = startOfLocalDay(day);
      }
      const reply = await this.#changes.run(() => call('tracking.snooze', { seriesId, until }));
      if (!reply.ok) return { error: reply.error };
      this.#items = this.#items.filter((i) => i.progress.seriesId !== seriesId);
      return { until };
    });
  }

  async unsnooze(seriesId: number): Promise<IpcError | null> {
    const reply = await this.#changes.run(() => call('tracking.snooze', { seriesId, until: null }));
    if (!reply.ok) return reply.error;
    this.#restore(seriesId, reply.value.upNext);
    return null;
  }

  reset(): void {
    this.#items = [];
    this.#status = 'idle';
    this.#error = null;
    this.#busy = null;
    this.#changes.reset();
  }

  /** Puts the row in place of the series' row, or first when it has none; null removes it. */
  #replace(seriesId: number, next: UpNextItemView | null): void {
    const index = this.#items.findIndex((i) => i.progress.seriesId === seriesId);
    if (index === -1) {
      if (next) this.#items = [next, ...this.#items];
      return;
    }
    this.#items = next
      ? this.#items.map((item, i) => (i === index ? next : item))
      : this.#items.filter((_, i) => i !== index);
  }

  /** Brings a row back (unhidden, snooze ended) where the core lists it: by its last play. */
  #restore(seriesId: number, next: UpNextItemView | null): void {
    const rest = this.#items.filter((i) => i.progress.seriesId !== seriesId);
    if (!next) {
      this.#items = rest;
      return;
    }
    const index = rest.findIndex((item) => listedBefore(next, item));
    this.#items = index === -1 ? [...rest, next] : rest.toSpliced(index, 0, next);
  }

  async #change<T>(seriesId: number, run: () => Promise<T>): Promise<T> {
    this.#busy = seriesId;
    try {
      return await run();
    } finally {
      this.#busy = null;
    }
  }
}

/** The core's order of Up Next: most recently watched first, then by series id. */
function listedBefore(a: UpNextItemView, b: UpNextItemView): boolean {
  const at = a.progress.lastWatchedAt ?? -Infinity;
  const bt = b.progress.lastWatchedAt ?? -Infinity;
  return at !== bt ? at > bt : a.progress.seriesId < b.progress.seriesId;
}

export const upNext = new UpNextState();
