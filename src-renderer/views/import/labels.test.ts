import { describe, expect, it } from 'vitest';
import { fileSize, percentOf, plural, rowPlace, titleWithYear } from './labels';

describe('import labels', () => {
  it('counts in words, singular and plural', () => {
    expect(plural(1, 'film')).toBe('1 film');
    expect(plural(12_345, 'film')).toBe('12,345 films');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('says a file size in the unit people read', () => {
    expect(fileSize(812)).toBe('812 bytes');
    expect(fileSize(14_600)).toBe('14 KB');
    expect(fileSize(3_355_443)).toBe('3.2 MB');
  });

  it('names where a row came from, without a line for whole-file entries', () => {
    expect(rowPlace('ratings.csv', 14)).toBe('ratings.csv, line 14');
    expect(rowPlace('watched.json', 0)).toBe('watched.json');
  });

  it('shows a blank or missing title as Untitled, and the year only when known', () => {
    expect(titleWithYear('Heat', 1995)).toBe('Heat (1995)');
    expect(titleWithYear('  ', null)).toBe('Untitled');
    expect(titleWithYear(null, 2001)).toBe('Untitled (2001)');
  });

  it('never goes past 100% or divides by zero', () => {
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(300, 200)).toBe(100);
  });
});
