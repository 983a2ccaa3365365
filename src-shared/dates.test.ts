import { describe, expect, it } from 'vitest';
import { yearOf, yearText } from './dates';

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
