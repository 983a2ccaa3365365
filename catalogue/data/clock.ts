import { dayOf, isoDay } from './days';

/**
 * The catalogue's one clock: request tokens, guest sessions, air dates and release dates all read
 * it, so a test can move time for all of them at once (`advance`, `set`, or `POST /__admin/clock`).
 * It runs on a base clock (Date.now unless the caller passes one) plus an offset, so a test that
 * drives the base clock itself keeps working after an advance.
 */
export class Clock {
  private offset = 0;

  constructor(private readonly base: () => number = Date.now) {}

  now(): number {
    return this.base() + this.offset;
  }

  /** Moves time forward (or back, with a negative amount) by `ms`; returns the new time. */
  advance(ms: number): number {
    if (!Number.isFinite(ms)) throw new RangeError('advance expects a finite number of ms');
    this.offset += ms;
    return this.now();
  }

  /** Jumps to a point in time (epoch ms); returns it. */
  set(ms: number): number {
    if (!Number.isFinite(ms)) throw new RangeError('set expects a finite epoch time in ms');
    this.offset = ms - this.base();
    return this.now();
  }

  /** The clock's UTC day as a number (see days.ts). */
  day(): number {
    return dayOf(this.now());
  }

  /** The clock's UTC day as `YYYY-MM-DD`, the form TMDB's air and release dates take. */
  today(): string {
    return isoDay(this.day());
  }
}
