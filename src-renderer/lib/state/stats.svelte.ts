import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type {
  StatsMedia,
  StatsOverview,
  StatsYearView,
  YearInReviewView,
} from '../../../src-shared/ipc/contract/stats';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import type { PeriodUnit } from '../charts';
import { OwnChanges } from './own-changes';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export interface StatsRange {
  /** `YYYY-MM-DD`, inclusive; null leaves the end open. */
  from: string | null;
  to: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why a range cannot be asked for, or null when it can. */
export function rangeProblem(range: StatsRange): string | null {
  if (range.from !== null && !DAY.test(range.from)) return 'The start date is not a date.';
  if (range.to !== null && !DAY.test(range.to)) return 'The end date is not a date.';
  if (range.from !== null && range.to !== null && range.from > range.to)
    return 'The start date is after the end date.';
  return null;
}

/**
 * The Stats page: every figure for the filter (a date range, films or series or both), computed
 * in main from the watch history. Reloads when plays change or when the facts behind the figures
 * arrive (`stats.changed`), keeping the figures on show while it does.
 */
/**
 * Reloads when plays, ratings or facts change, one reload for a burst; returns the function that
 * stops listening.
 */
function reloadOnChanges(bridge: MarqueeApi, changes: OwnChanges): () => void {
  const stops = [
    bridge.on('stats.changed', () => {
      void changes.request();
    }),
    changes.follow(bridge),
    // Ratings live in the library mirror: a sync that brings new ones changes the figures.
    bridge.on('library.changed', () => {
      void changes.request();
    }),
  ];
  return () => {
    stops.forEach((stop) => {
      stop();
    });
  };
}

export class StatsState {
  #range = $state<StatsRange>({ from: null, to: null });
  #media = $state<StatsMedia>('all');
  #unit = $state<PeriodUnit>('month');
  #overview = $state.raw<StatsOverview | null>(null);
  #years = $state.raw<readonly StatsYearView[]>([]);
  #status = $state<Status>('idle');
  #error = $state.raw<IpcError | null>(null);
  #rangeError = $state<string | null>(null);
  /** Only the latest request's answer is applied, so quick filter changes never show stale figures. */
  #request = 0;

  get range(): StatsRange {
    return this.#range;
  }
  get media(): StatsMedia {
    return this.#media;
  }
  get unit(): PeriodUnit {
    return this.#unit;
  }
  get overview(): StatsOverview | null {
    return this.#overview;
  }
  get years(): readonly StatsYearView[] {
    return this.#years;
  }
  get status(): Status {
    return this.#status;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  /** A range that cannot be asked for (start after end); the figures on show stay. */
  get rangeError(): string | null {
    return this.#rangeError;
  }

  /** True when a filter narrows the figures (so "nothing here" is not "nothing ever"). */
  readonly filtered: boolean = $derived(
    this.#range.from !== null || this.#range.to !== null || this.#media !== 'all',
  );

  /** No history at all: the page shows a way to start instead of charts of zeros. */
  readonly empty: boolean = $derived(
    this.#status === 'ready' &&
      !this.filtered &&
      this.#overview !== null &&
      this.#overview.totals.plays === 0,
  );

  /** Titles whose facts are still being fetched, so their genres and runtimes are not in yet. */
  readonly loadingTitles: number = $derived(
    this.#overview === null ? 0 : this.#overview.coverage.missing,
  );

  /** The time series of the chosen period unit. */
  readonly periods = $derived(this.#overview ? this.#overview.series[this.#unit] : []);

  /** Reloads when plays, ratings or facts change; returns the function that stops listening. */
  start(bridge: MarqueeApi): () => void {
    return reloadOnChanges(bridge, new OwnChanges(() => this.load()));
  }

  async load(): Promise<void> {
    const request = ++this.#request;
    if (this.#overview === null) this.#status = 'loading';
    const [overview, years] = await Promise.all([
      call('stats.overview', {
        media: this.#media,
        ...(this.#range.from ? { from: this.#range.from } : {}),
        ...(this.#range.to ? { to: this.#range.to } : {}),
      }),
      call('stats.years', {}),
    ]);
    if (request !== this.#request) return;
    if (years.ok) this.#years = years.value.years;
    if (overview.ok) {
      this.#overview = overview.value;
      this.#status = 'ready';
      this.#error = null;
    } else {
      this.#error = overview.error;
      if (this.#overview === null) this.#status = 'error';
    }
  }

  /** Sets the date range and reloads; an impossible range is refused with a reason. */
  async setRange(range: StatsRange): Promise<void> {
    const clean = { from: range.from || null, to: range.to || null };
    const problem = rangeProblem(clean);
    this.#rangeError = problem;
    if (problem) return;
    this.#range = clean;
    await this.load();
  }

  async setMedia(media: StatsMedia): Promise<void> {
    this.#media = media;
    await this.load();
  }

  setUnit(unit: PeriodUnit): void {
    this.#unit = unit;
  }

  reset(): void {
    this.#range = { from: null, to: null };
    this.#media = 'all';
    this.#unit = 'month';
    this.#overview = null;
    this.#years = [];
    this.#status = 'idle';
    this.#error = null;
    this.#rangeError = null;
    this.#request = 0;
  }
}

export const stats = new StatsState();

/** One year in review: its highlights, and the years around it that have history. */
export class YearReviewState {
  #year = $state<number | null>(null);
  #review = $state.raw<YearInReviewView | null>(null);
  #years = $state.raw<readonly StatsYearView[]>([]);
  #status = $state<Status>('idle');
  #error = $state.raw<IpcError | null>(null);
  #request = 0;

  get year(): number | null {
    return this.#year;
  }
  get review(): YearInReviewView | null {
    return this.#review;
  }
  get years(): readonly StatsYearView[] {
    return this.#years;
  }
  get status(): Status {
    return this.#status;
  }
  get error(): IpcError | null {
    return this.#error;
  }

  /** The next older and newer years with history, for moving between reviews. */
  readonly older: number | null = $derived(
    this.#years
      .map((y) => y.year)
      .filter((y) => this.#year !== null && y < this.#year)
      .reduce<number | null>((best, y) => (best === null || y > best ? y : best), null),
  );
  readonly newer: number | null = $derived(
    this.#years
      .map((y) => y.year)
      .filter((y) => this.#year !== null && y > this.#year)
      .reduce<number | null>((best, y) => (best === null || y < best ? y : best), null),
  );

  /** A year without plays (an old link, a year typed by hand). */
  readonly empty: boolean = $derived(
    this.#status === 'ready' && this.#review !== null && this.#review.totals.plays === 0,
  );

  start(bridge: MarqueeApi): () => void {
    return reloadOnChanges(
      bridge,
      new OwnChanges(async () => {
        if (this.#year !== null) await this.load(this.#year);
      }),
    );
  }

  async load(year: number): Promise<void> {
    const request = ++this.#request;
    if (year !== this.#year) {
      this.#year = year;
      this.#review = null;
      this.#status = 'loading';
    }
    const [review, years] = await Promise.all([
      call('stats.yearInReview', { year }),
      call('stats.years', {}),
    ]);
    if (request !== this.#request) return;
    if (years.ok) this.#years = years.value.years;
    if (review.ok) {
      this.#review = review.value;
      this.#status = 'ready';
      this.#error = null;
    } else {
      this.#error = review.error;
      if (this.#review === null) this.#status = 'error';
    }
  }

  reset(): void {
    this.#year = null;
    this.#review = null;
    this.#years = [];
    this.#status = 'idle';
    this.#error = null;
    this.#request = 0;
  }
}

export const yearReview = new YearReviewState();
