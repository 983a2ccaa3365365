import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { CalendarEventView } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { addDays, addMonths, dayLabel, localDay, monthOf, type Month } from '../calendar';
import { OwnChanges } from './own-changes';

export interface AgendaDay {
  date: string;
  label: string;
  events: readonly CalendarEventView[];
}

/** The core's default window starts this many days before today. */
const DAYS_BEFORE = 7;

/**
 * The Upcoming calendar: episodes of followed series and releases of watchlist films, over the
 * core's default window (the last 7 days and the next 90). Today is read from that window, so the
 * calendar agrees with the core's clock rather than the page's.
 */
export class CalendarState {
  #events = $state.raw<readonly CalendarEventView[]>([]);
  #window = $state.raw<{ from: string; to: string } | null>(null);
  #status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  #error = $state.raw<IpcError | null>(null);
  #month = $state<Month | null>(null);
  #exporting = $state(false);
  readonly #changes = new OwnChanges(() => this.load());

  get events(): readonly CalendarEventView[] {
    return this.#events;
  }
  get window(): { from: string; to: string } | null {
    return this.#window;
  }
  get status(): 'idle' | 'loading' | 'ready' | 'error' {
    return this.#status;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get exporting(): boolean {
    return this.#exporting;
  }

  readonly today: string = $derived(
    this.#window ? addDays(this.#window.from, DAYS_BEFORE) : localDay(Date.now()),
  );

  /** The month the grid shows; the current one until someone moves. */
  readonly month: Month = $derived(this.#month ?? monthOf(this.today));

  /** Events by day, in order, from today on. */
  readonly agenda: readonly AgendaDay[] = $derived(
    groupByDay(
      this.#events.filter((e) => e.date >= this.today),
      this.today,
    ),
  );

  /** The window's past days (what aired lately), newest first. */
  readonly recent: readonly AgendaDay[] = $derived(
    groupByDay(
      this.#events.filter((e) => e.date < this.today),
      this.today,
    ).reverse(),
  );

  /** Events keyed by day, for the month grid. */
  readonly byDay: ReadonlyMap<string, readonly CalendarEventView[]> = $derived.by(() => {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- rebuilt whole by $derived, never mutated after
    const map = new Map<string, CalendarEventView[]>();
    for (const event of this.#events) {
      const list = map.get(event.date);
      if (list) list.push(event);
      else map.set(event.date, [event]);
    }
    return map;
  });

  /** Months the window reaches into: the grid can move between these. */
  readonly firstMonth: Month | null = $derived(this.#window ? monthOf(this.#window.from) : null);
  readonly lastMonth: Month | null = $derived(this.#window ? monthOf(this.#window.to) : null);

  /** Reloads when plays, follows or stored episodes change. */
  start(bridge: MarqueeApi): () => void {
    return this.#changes.follow(bridge);
  }

  async load(): Promise<void> {
    if (this.#status !== 'ready') this.#status = 'loading';
    const reply = await call('tracking.calendar', {});
    if (reply.ok) {
      this.#window = reply.value.window;
      this.#events = [...reply.value.events].sort((a, b) => a.date.localeCompare(b.date));
      this.#status = 'ready';
      this.#error = null;
    } else {
      this.#error = reply.error;
      if (this.#window === null) this.#status = 'error';
    }
  }

  /** Moves the grid by whole months, within the window. */
  moveMonth(months: number): void {
    const next = addMonths(this.month, months);
    if (this.firstMonth && next < this.firstMonth) return;
    if (this.lastMonth && next > this.lastMonth) return;
    this.#month = next;
  }

  /** The window as an iCalendar file, for the view to save. */
  async exportIcs(): Promise<{ filename: string; text: string } | { error: IpcError }> {
    this.#exporting = true;
    try {
      const reply = await call('tracking.exportIcs', {});
      return reply.ok ? reply.value : { error: reply.error };
    } finally {
      this.#exporting = false;
    }
  }

  reset(): void {
    this.#events = [];
    this.#window = null;
    this.#status = 'idle';
    this.#error = null;
    this.#month = null;
    this.#exporting = false;
    this.#changes.reset();
  }
}

export const calendar = new CalendarState();

/** Sorted events grouped by day, each day named relative to today. */
function groupByDay(events: readonly CalendarEventView[], today: string): AgendaDay[] {
  const groups: AgendaDay[] = [];
  for (const event of events) {
    const last = groups.at(-1);
    if (last?.date === event.date) last.events = [...last.events, event];
    else groups.push({ date: event.date, label: dayLabel(event.date, today), events: [event] });
  }
  return groups;
}
