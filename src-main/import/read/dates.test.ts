import { describe, expect, it } from 'vitest';
import { matching } from './testing/builders';
import { parseDate, parseTimestamp } from './dates';

const noon = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d, 12);

describe('parseDate', () => {
  it('reads the forms exports write', () => {
    expect(parseDate('2024-02-29')).toEqual({ ok: true, at: noon(2024, 2, 29) });
    expect(parseDate('2024/3/5')).toEqual({ ok: true, at: noon(2024, 3, 5) });
    expect(parseDate('2024-01-15T20:31:04.000Z')).toEqual({
      ok: true,
      at: Date.UTC(2024, 0, 15, 20, 31, 4),
    });
    expect(parseDate('2024-01-15T20:31:04+02:00')).toEqual({
      ok: true,
      at: Date.UTC(2024, 0, 15, 18, 31, 4),
    });
    expect(parseDate('2024-01-15 20:31')).toEqual({ ok: true, at: Date.UTC(2024, 0, 15, 20, 31) });
    expect(parseDate('Sat Mar 22 00:00:00 2014')).toEqual({ ok: true, at: noon(2014, 3, 22) });
    expect(parseDate('15 January 2024')).toEqual({ ok: true, at: noon(2024, 1, 15) });
    expect(parseDate('Jan 15, 2024')).toEqual({ ok: true, at: noon(2024, 1, 15) });
  });

  it('takes an empty field as no date', () => {
    expect(parseDate('')).toEqual({ ok: true, at: null });
    expect(parseDate('   ')).toEqual({ ok: true, at: null });
    expect(parseTimestamp(null)).toEqual({ ok: true, at: null });
  });

  it('explains dates it cannot read rather than guessing', () => {
    expect(parseDate('03/04/2024')).toMatchObject({
      ok: false,
      message: matching(/day\/month or month\/day.*YYYY-MM-DD/),
    });
    expect(parseDate('2023-02-29')).toMatchObject({
      ok: false,
      message: matching(/not a real date/),
    });
    expect(parseDate('0001-01-01')).toMatchObject({ ok: false });
    expect(parseDate('yesterday')).toMatchObject({
      ok: false,
      message: matching(/"yesterday" is not a date/),
    });
    expect(parseTimestamp(12)).toMatchObject({ ok: false });
  });
});
