import { describe, expect, it } from 'vitest';
import { calendarDay, yearOf, yearText } from './dates';

describe('the year of a TMDB date', () => {
  it('reads the year of a date or of a date-time', () => {
    expect(yearOf('2016-11-10')).toBe(2016);
    expect(yearOf('2016-11-10T00:00:00.000Z')).toBe(2016);
    expect(yearText('0999-01-01')).toBe('0999');
  });

  it('answers null for what TMDB sends when it does not know the date', () => {
    for (const unknown of ['', null, undefined, '2016', 'soon', '16-11-10']) {
      expect(yearOf(unknown)).toBeNull();
      expect(yearText(unknown)).toBeNull();
    }
  });
});

describe('the day a TMDB date names', () => {
  it('reads a date, or the day of a date-time', () => {
    expect(calendarDay('2016-11-10')).toBe('2016-11-10');
    expect(calendarDay('2016-11-10T00:00:00.000Z')).toBe('2016-11-10');
    expect(calendarDay('2024-02-29')).toBe('2024-02-29');
    expect(calendarDay('2000-02-29')).toBe('2000-02-29');
  });

  it('answers null for a date that names no day, never the day it would roll over to', () => {
    for (const bad of [
      '2023-13-45',
      '2023-02-29',
      '1900-02-29',
      '2023-04-31',
      '2023-00-10',
      '2023-01-00',
      '0000-01-01',
      '2023-1-1',
      '2023-01-01x',
      '',
      null,
      undefined,
      20230101,
    ]) {
      expect(calendarDay(bad), String(bad)).toBeNull();
    }
    expect(yearText('2023-13-45')).toBeNull();
  });
});
