import { describe, expect, it } from 'vitest';
import { formatHlc, MAX_COUNTER, parseHlc, receiveHlc, sendHlc } from './hlc';

const at = (ms: number, counter = 0): { ms: number; counter: number } => ({ ms, counter });
const T = Date.UTC(2026, 0, 2);

describe('the hybrid logical clock', () => {
  it('reads only what it writes', () => {
    expect(parseHlc(formatHlc(at(T, 7)))).toEqual(at(T, 7));
    for (const bad of ['', '123-000000', `${String(T)}-1`, `${String(T)}-0000001`, null])
      expect(parseHlc(bad)).toBeNull();
  });

  it('follows the wall clock, and steps past its last value when the wall clock is behind', () => {
    expect(sendHlc(at(T - 5, 3), T)).toEqual(at(T, 0));
    expect(sendHlc(at(T, 3), T)).toEqual(at(T, 4));
    expect(sendHlc(at(T + 60_000, 3), T)).toEqual(at(T + 60_000, 4));
  });

  it('carries a full counter into the milliseconds, still sorting as text', () => {
    const full = at(T, MAX_COUNTER);
    const next = sendHlc(full, T);
    expect(next).toEqual(at(T + 1, 0));
    expect(formatHlc(next) > formatHlc(full)).toBe(true);
  });

  it('takes the later of its own clock and a received one; the next value is past both', () => {
    const remote = at(Date.UTC(2040, 0, 1), 9);
    const local = receiveHlc(at(T, 2), remote);
    expect(local).toEqual(remote);
    expect(formatHlc(sendHlc(local, T)) > formatHlc(remote)).toBe(true);
    expect(receiveHlc(at(T, 2), at(T - 1, 50))).toEqual(at(T, 2));
    expect(sendHlc(receiveHlc(at(T, 2), at(T, 2)), T)).toEqual(at(T, 3));
  });
});
