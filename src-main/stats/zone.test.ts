import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from '../tracking/dates';
import { bucketOf, streaksOf } from './periods';
import { dayOfIso, dayStartIn, isoOfDay, localDayOf, offsetSegments } from './zone';

const ZONES = [
  'UTC',
  'Europe/Paris',
  'America/New_York',
  'Australia/Lord_Howe', // half-hour daylight saving
  'Asia/Kathmandu', // +05:45
  'Pacific/Auckland',
  'America/Santiago',
  'America/Havana', // changes at midnight
];
const FROM = Date.UTC(2000, 0, 1);
const TO = Date.UTC(2030, 0, 1);

describe('local days without Intl per play', () => {
  it('puts every instant on the same day as Intl does, in zones with odd offsets and DST', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: FROM, max: TO }), (zone, ms) => {
        const segments = offsetSegments(FROM, TO, zone);
        expect(isoOfDay(localDayOf(ms, segments))).toBe(localDate(ms, zone));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds where each local day starts, around the changes of the clock too', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: dayOfIso('2001-01-01'), max: dayOfIso('2029-12-31') }),
        (zone, day) => {
          const segments = offsetSegments(FROM, TO, zone);
          const start = dayStartIn(day, segments);
          expect(localDate(start, zone)).toBe(isoOfDay(day));
          expect(localDate(start - 60_000, zone)).toBe(isoOfDay(day - 1));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('names ISO weeks, months and years as calendars do', () => {
    expect(bucketOf(dayOfIso('2021-01-03'), 'week').key).toBe('2020-W53');
    expect(bucketOf(dayOfIso('2021-01-04'), 'week').key).toBe('2021-W01');
    expect(bucketOf(dayOfIso('2024-12-30'), 'week').key).toBe('2025-W01');
    expect(bucketOf(dayOfIso('2024-02-29'), 'month')).toMatchObject({ key: '2024-02' });
    expect(isoOfDay(bucketOf(dayOfIso('2024-02-29'), 'month').next - 1)).toBe('2024-02-29');
    expect(bucketOf(dayOfIso('1999-12-31'), 'year').key).toBe('1999');
  });

  it('keeps the longest run (the latest on a tie) and drops a run that ended before yesterday', () => {
    const row = (iso: string, plays = 1) => ({
      day: dayOfIso(iso),
      plays,
      filmPlays: 0,
      minutes: 0,
    });
    const days = [row('2025-01-01'), row('2025-01-02'), row('2025-01-05'), row('2025-01-06', 3)];
    expect(streaksOf(days, dayOfIso('2025-01-07'))).toEqual({
      longest: { days: 2, from: '2025-01-05', to: '2025-01-06', plays: 4 },
      current: { days: 2, from: '2025-01-05', to: '2025-01-06', plays: 4 },
    });
    expect(streaksOf(days, dayOfIso('2025-01-08')).current).toBeNull();
  });
});
