import { z } from 'zod';

/**
 * The one rule for when a viewing may have happened, wherever a play's time enters Marquee:
 * marking, undo's restore, a backup, an import (and sync and capture when they come). A play's
 * time is ms since the epoch, or null when the day is unknown; it must be a real date, not before
 * 1870 (before films) and not after now. A bad time is refused for that play alone, with the
 * reason; it is never stored, so no later export or backup meets it.
 */

/** The earliest time a play may carry: 1 January 1870, UTC. */
export const EARLIEST_PLAY = Date.UTC(1870, 0, 1);

/** The largest time a JavaScript date can hold; past it `new Date(t)` is an invalid date. */
export const LATEST_DATE = 8_640_000_000_000_000;

/**
 * How far after "now" a play may lie. A day without a time is stored at noon (UTC for imported
 * days, the user's zone for a picked day), and in the first minute of a day at UTC+14 that noon
 * is 26 hours away; five more minutes allow for a clock that runs behind another computer's.
 */
export const PLAY_AHEAD_MS = 26 * 3_600_000 + 5 * 60_000;

/** The static part of the rule, for schemas (the clock is checked where the play is used). */
export const playTime = z
  .number()
  .int('a play time is whole milliseconds')
  .min(EARLIEST_PLAY, 'a viewing cannot be before 1870')
  .max(LATEST_DATE, 'a play time must be a real date');

const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * Why a play's time is refused, in words for the user ("the viewing date 2100-01-01 is in the
 * future"), or null when it is fine; null (an unknown day) is always fine.
 */
export function playTimeProblem(at: unknown, now: number): string | null {
  if (at === null) return null;
  if (typeof at !== 'number') return `the viewing time (${typeof at}) is not a real date`;
  if (!Number.isInteger(at) || Math.abs(at) > LATEST_DATE)
    return `the viewing time ${String(at)} is not a real date`;
  if (at < EARLIEST_PLAY) return `the viewing date ${dayOf(at)} is before 1870`;
  if (at > now + PLAY_AHEAD_MS) return `the viewing date ${dayOf(at)} is in the future`;
  return null;
}
