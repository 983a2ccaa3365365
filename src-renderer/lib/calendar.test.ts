import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayLabel, monthWeeks } from './calendar';

describe('calendar days', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('names the days near today and dates the others', () => {
    expect(dayLabel('2026-11-22', '2026-11-22')).toBe('Today');
    expect(dayLabel('2026-11-23', '2026-11-22')).toBe('Tomorrow');
    expect(dayLabel('2026-11-21', '2026-11-22')).toBe('Yesterday');
    expect(dayLabel('2026-11-25', '2026-11-22')).toBe('Wednesday');
    expect(dayLabel('2026-12-25', '2026-11-22')).toBe('Fri 25 Dec');
  });

  it('moves months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('lays a month out in whole Monday-first weeks', () => {
    const weeks = monthWeeks('2026-11');
    // 1 November 2026 is a Sunday: the first row starts on Monday 26 October.
    expect(weeks[0]?.[0]).toBe('2026-10-26');
    expect(weeks[0]?.[6]).toBe('2026-11-01');
    expect(weeks.at(-1)?.[6]).toBe('2026-12-06');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
});
