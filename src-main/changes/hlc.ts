/**
 * The hybrid logical clock of the change log: `<ms since the epoch, 13 digits>-<counter, 6
 * digits>`, sortable as text. It stays near the wall clock, never goes backwards on one computer,
 * and moves past every value received from another, so a change made here after seeing one made
 * elsewhere sorts after it, whatever the two wall clocks say.
 */
export interface Hlc {
  ms: number;
  counter: number;
}

export const MAX_COUNTER = 999_999;
const MAX_MS = 9_999_999_999_999;
const FORMAT = /^(\d{13})-(\d{6})$/;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

export const formatHlc = (h: Hlc): string => `${pad(h.ms, 13)}-${pad(h.counter, 6)}`;

/** Parses a clock value; null for anything this code did not write. */
export function parseHlc(value: string | null | undefined): Hlc | null {
  const match = typeof value === 'string' ? FORMAT.exec(value) : null;
  return match ? { ms: Number(match[1]), counter: Number(match[2]) } : null;
}

export const compareHlc = (a: Hlc, b: Hlc): number => a.ms - b.ms || a.counter - b.counter;

/** One counter step; a full counter carries into the milliseconds. */
const step = (h: Hlc): Hlc =>
  h.counter >= MAX_COUNTER
    ? { ms: Math.min(MAX_MS, h.ms + 1), counter: 0 }
    : { ms: h.ms, counter: h.counter + 1 };

const wall = (now: number): number => Math.min(MAX_MS, Math.max(0, Math.trunc(now)));

/** The clock value of a change made here now: the wall clock, or one step past the last value. */
export function sendHlc(last: Hlc, now: number): Hlc {
  const ms = wall(now);
  return ms > last.ms ? { ms, counter: 0 } : step(last);
}

/**
 * The clock after receiving `remote`: the later of the two. The wall clock and the step past both
 * come with the next change made here (`sendHlc`), so it sorts after everything seen; receiving
 * many older changes never moves the clock.
 */
export const receiveHlc = (last: Hlc, remote: Hlc): Hlc =>
  compareHlc(remote, last) > 0 ? remote : last;
