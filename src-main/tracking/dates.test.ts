import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isDate, isTimeZone, localDate, zonedTime } from './dates';

describe('dates in the user’s zone', () => {
  it('turns midnight in Pacific/Auckland into the next day, before and after its DST ends', () => {
    // NZDT (+13) until 2025-04-06 03:00, then NZST (+12).
    expect(localDate(Date.UTC(2025, 2, 10, 10, 59), 'Pacific/Auckland')).toBe('2025-03-10');
    expect(localDate(Date.UTC(2025, 2, 10, 11, 0), 'Pacific/Auckland')).toBe('2025-03-11');
    expect(localDate(Date.UTC(2025, 3, 6, 11, 59), 'Pacific/Auckland')).toBe('2025-04-06');
    expect(localDate(Date.UTC(2025, 3, 6, 12, 0), 'Pacific/Auckland')).toBe('2025-04-07');
  });

  it('follows America/Los_Angeles across the spring-forward night', () => {
    // PST (-8) until 2025-03-09 02:00, then PDT (-7).
    expect(localDate(Date.UTC(2025, 2, 9, 7, 59), 'America/Los_Angeles')).toBe('2025-03-08');
    expect(localDate(Date.UTC(2025, 2, 9, 8, 0), 'America/Los_Angeles')).toBe('2025-03-09');
    expect(localDate(Date.UTC(2025, 2, 10, 6, 59), 'America/Los_Angeles')).toBe('2025-03-09');
    expect(localDate(Date.UTC(2025, 2, 10, 7, 0), 'America/Los_Angeles')).toBe('2025-03-10');
  });

  it('puts a day’s play at local noon, whatever the offset that day', () => {
    expect(zonedTime('2025-03-09', 'America/Los_Angeles')).toBe(Date.UTC(2025, 2, 9, 19));
    expect(zonedTime('2025-03-08', 'America/Los_Angeles')).toBe(Date.UTC(2025, 2, 8, 20));
    expect(zonedTime('2025-04-06', 'Pacific/Auckland')).toBe(Date.UTC(2025, 3, 6, 0));
    expect(zonedTime('2025-04-05', 'Pacific/Auckland')).toBe(Date.UTC(2025, 3, 4, 23));
    for (const zone of ['Pacific/Auckland', 'America/Los_Angeles', 'UTC', 'Asia/Kolkata']) {
      expect(localDate(zonedTime('2025-11-02', zone), zone)).toBe('2025-11-02');
    }
  });

  it('handles far dates and rejects impossible ones', () => {
    expect(isDate('1900-01-01')).toBe(true);
    expect(isDate('2100-12-31')).toBe(true);
    expect(isDate('2019-02-29')).toBe(false);
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2024-1-1')).toBe(false);
    expect(isDate('')).toBe(false);
    expect(isDate(null)).toBe(false);
    expect(addDays('1899-12-31', 1)).toBe('1900-01-01');
    expect(addDays('2100-01-01', -1)).toBe('2099-12-31');
    expect(daysBetween('2024-12-25', '2025-01-08')).toBe(14);
    expect(localDate(zonedTime('1900-06-01', 'Europe/Paris'), 'Europe/Paris')).toBe('1900-06-01');
  });

  it('knows a real zone from a made-up one', () => {
    expect(isTimeZone('Pacific/Auckland')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
