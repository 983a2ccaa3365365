import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  formatDate,
  formatRuntime,
  formatVote,
  initials,
  paragraphs,
  regionName,
  releaseTypeName,
  shortAge,
  yearIn,
  yearOf,
} from './format';

describe('yearOf', () => {
  it('takes the year of a date and says nothing for an unreleased title', () => {
    expect(yearOf('2016-11-10')).toBe('2016');
    expect(yearOf('2016-11-10T00:00:00.000Z')).toBe('2016');
    expect(yearOf('')).toBeNull();
    expect(yearOf(null)).toBeNull();
  });
});

describe('formatRuntime', () => {
  it('writes hours and minutes', () => {
    expect(formatRuntime(125)).toBe('2 h 5 min');
    expect(formatRuntime(120)).toBe('2 h');
    expect(formatRuntime(45)).toBe('45 min');
  });

  it('treats TMDB’s 0 and null as unknown', () => {
    expect(formatRuntime(0)).toBeNull();
    expect(formatRuntime(null)).toBeNull();
  });
});

describe('formatVote', () => {
  it('rounds to one decimal and hides a rating nobody gave', () => {
    expect(formatVote(7.456, 1200)).toBe('7.5');
    expect(formatVote(0, 0)).toBeNull();
    expect(formatVote(8, 0)).toBeNull();
  });
});

describe('formatDate', () => {
  it('writes the date in words without shifting it across time zones', () => {
    expect(formatDate('2016-11-10')).toBe('10 November 2016');
    expect(formatDate('2016-01-01T00:00:00.000Z')).toBe('1 January 2016');
    expect(formatDate('')).toBeNull();
  });

  it('calls a date that names no day unknown, never the day it would roll over to', () => {
    expect(formatDate('2023-13-45')).toBeNull();
    expect(formatDate('2023-02-29')).toBeNull();
    expect(formatDate('2023-04-31T00:00:00.000Z')).toBeNull();
    expect(ageInYears('1980-02-30', '2020-06-14')).toBeNull();
  });
});

describe('ageInYears', () => {
  it('counts a birthday not yet reached this year', () => {
    expect(ageInYears('1980-06-15', '2020-06-14')).toBe(39);
    expect(ageInYears('1980-06-15', '2020-06-15')).toBe(40);
    expect(ageInYears('1980-06-15', new Date(Date.UTC(2021, 0, 1)))).toBe(40);
  });

  it('has no age without a birthday or with a death before birth', () => {
    expect(ageInYears(null, '2020-01-01')).toBeNull();
    expect(ageInYears('2020-01-01', '2010-01-01')).toBeNull();
  });
});

describe('releaseTypeName', () => {
  it('names every TMDB release type', () => {
    expect([1, 2, 3, 4, 5, 6].map(releaseTypeName)).toEqual([
      'Premiere',
      'Theatrical (limited)',
      'Theatrical',
      'Digital',
      'Physical',
      'TV',
    ]);
    expect(releaseTypeName(9)).toBe('Release type 9');
  });
});

describe('shortAge', () => {
  const now = Date.UTC(2026, 0, 10, 12);
  it('says how old an offline copy is in the largest short unit', () => {
    expect(shortAge(now - 3 * 3_600_000 - 10 * 60_000, now)).toBe('3 h old');
    expect(shortAge(now - 12 * 60_000, now)).toBe('12 min old');
    expect(shortAge(now - 3 * 86_400_000, now)).toBe('3 d old');
    expect(shortAge(now + 1000, now)).toBe('just fetched');
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Arrival Blues at Dawn')).toBe('AB');
    expect(initials('moon')).toBe('M');
    expect(initials('"Quoted" — title')).toBe('QT');
    expect(initials('')).toBe('?');
    expect(initials(null)).toBe('?');
  });
});

describe('paragraphs', () => {
  it('splits on line breaks and drops empty lines', () => {
    expect(paragraphs('One.\n\nTwo.\nThree.\n')).toEqual(['One.', 'Two.', 'Three.']);
    expect(paragraphs('')).toEqual([]);
  });
});

describe('regionName', () => {
  it('names a country and falls back to the code', () => {
    expect(regionName('DE')).toBe('Germany');
    expect(regionName('not a code')).toBe('not a code');
  });
});

describe('yearIn', () => {
  it('gives the year of the zone the stats count in, not the computer’s', () => {
    const newYearsEveUtc = new Date('2024-12-31T23:30:00Z');
    expect(yearIn('Pacific/Auckland', newYearsEveUtc)).toBe(2025);
    expect(yearIn('UTC', newYearsEveUtc)).toBe(2024);
    expect(yearIn('America/Los_Angeles', new Date('2025-01-01T05:00:00Z'))).toBe(2024);
  });

  it('falls back to the computer’s year for a zone it does not know', () => {
    const now = new Date();
    expect(yearIn('Not/AZone', now)).toBe(now.getFullYear());
    expect(yearIn(null, now)).toBe(now.getFullYear());
  });
});
