import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type {
  PlayView,
  SeriesProgressView,
  UpNextItemView,
} from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { startOfLocalDay } from '../calendar';
import { coalesce } from '../coalesce';

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
  /**
   * Series this state just changed: the `tracking.changed` that follows (before or after the
   * reply, depending on the transport) is its own echo and must not reorder the list by reloading.
   */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, never rendered
  readonly #echoes = new Set<number>();

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
    const reload = coalesce(() => this.load());
    return bridge.on('tracking.changed', ({ seriesIds, movieIds }) => {
      const echo =
        movieIds.length === 0 &&
        seriesIds.length > 0 &&
        seriesIds.every((id) => this.#echoes.has(id));
      for (const id of seriesIds) this.#echoes.delete(id);
      if (!echo) void reload();
    });
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
    this.#echoes.add(seriesId);
    return this.#change(seriesId, async () => {
      const reply = await call('tracking.mark', {
        target: {
          scope: 'episode',
          seriesId,
          season: item.episode.season,
          episode: item.episode.episode,
        },
        when: { kind: 'now' },
        rewatch: false,
        source: 'marquee',
      });
      if (!reply.ok) return { error: reply.error };
      this.#replace(seriesId, reply.value.upNext);
      return { added: reply.value.added };
    });
  }

  /** Takes back plays just added from a row (Undo), putting the row back as it was. */
  async undo(seriesId: number, added: readonly PlayView[]): Promise<IpcError | null> {
    this.#echoes.add(seriesId);
    return this.#change(seriesId, async () => {
      let upNext: UpNextItemView | null = null;
      for (const play of added) {
        const reply = await call('tracking.unmark', { target: { scope: 'play', uid: play.uid } });
        if (!reply.ok) return reply.error;
        upNext = reply.value.upNext;
      }
      this.#replace(seriesId, upNext);
      return null;
    });
  }

  async hide(seriesId: number): Promise<IpcError | null> {
    return this.#change(seriesId, async () => {
      const reply = await call('tracking.setHidden', { seriesId, hidden: true });
      if (!reply.ok) return reply.error;
      this.#items = this.#items.filter((i) => i.progress.seriesId !== seriesId);
      return null;
    });
  }

  async unhide(seriesId: number): Promise<IpcError | null> {
    const reply = await call('tracking.setHidden', { seriesId, hidden: false });
    if (!reply.ok) return reply.error;
    await this.load();
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
      const reply = await call('tracking.snooze', { seriesId, until });
      if (!reply.ok) return { error: reply.error };
      this.#items = this.#items.filter((i) => i.progress.seriesId !== seriesId);
      return { until };
    });
  }

  async unsnooze(seriesId: number): Promise<IpcError | null> {
    const reply = await call('tracking.snooze', { seriesId, until: null });
    if (!reply.ok) return reply.error;
    await this.load();
    return null;
  }

  reset(): void {
    this.#items = [];
    this.#status = 'idle';
    this.#error = null;
    this.#busy = null;
    this.#echoes.clear();
  }

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

  async #change<T>(seriesId: number, run: () => Promise<T>): Promise<T> {
    this.#busy = seriesId;
    try {
      return await run();
    } finally {
      this.#busy = null;
    }
  }
}

export const upNext = new UpNextState();
