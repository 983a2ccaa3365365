import { describe, expect, it } from 'vitest';
import { groupByDay, playTime } from './history-days';

const at = (iso: string): number => Date.parse(iso);
const play = (
  watchedAt: number | null,
  uid = String(watchedAt),
): { uid: string; watchedAt: number | null } => ({
  uid,
  watchedAt,
});

describe('the history grouped by day', () => {
  // Friday 27 November 2026, 10:00 in Paris.
  const now = at('2026-11-27T09:00:00Z');

  it('says Today, Yesterday, then the weekday and date, with the year only when not this year', () => {
    const days = groupByDay(
      [
        play(at('2026-11-27T08:00:00Z')),
        play(at('2026-11-27T07:00:00Z')),
        play(at('2026-11-26T20:00:00Z')),
        play(at('2026-11-24T12:00:00Z')),
        play(at('2025-03-03T12:00:00Z')),
        play(null, 'a'),
        play(null, 'b'),
      ],
      { now, timeZone: 'Europe/Paris' },
    );
    expect(days.map((d) => [d.label, d.plays.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      ['Tuesday 24 November', 1],
      ['Monday 3 March 2025', 1],
      ['Date unknown', 2],
    ]);
    expect(days.at(-1)?.key).toBe('unknown');
  });

  it('counts days in the zone given, not in UTC', () => {
    // 23:30 UTC on the 26th is already the 27th in Tokyo and still the 26th in New York.
    const late = play(at('2026-11-26T23:30:00Z'));
    expect(groupByDay([late], { now, timeZone: 'Asia/Tokyo' })[0]?.label).toBe('Today');
    expect(groupByDay([late], { now, timeZone: 'America/New_York' })[0]).toMatchObject({
      key: '2026-11-26',
      label: 'Yesterday',
    });
  });

  it('counts calendar days across a change of clocks and a new year', () => {
    // Sunday 29 March 2026: Paris moves to summer time; the day before is still "Yesterday".
    const spring = at('2026-03-29T20:00:00Z');
    expect(
      groupByDay([play(at('2026-03-28T00:30:00Z'))], { now: spring, timeZone: 'Europe/Paris' })[0]
        ?.label,
    ).toBe('Yesterday');
    const newYear = at('2027-01-01T10:00:00Z');
    expect(
      groupByDay([play(at('2026-12-31T10:00:00Z')), play(at('2026-12-30T10:00:00Z'))], {
        now: newYear,
        timeZone: 'UTC',
      }).map((d) => d.label),
    ).toEqual(['Yesterday', 'Wednesday 30 December 2026']);
  });

  it('keeps one group per day when pages split a day', () => {
    const days = groupByDay(
      [play(at('2026-11-20T10:00:00Z'), 'x'), play(at('2026-11-20T09:00:00Z'), 'y')],
      { now, timeZone: 'UTC' },
    );
    expect(days).toHaveLength(1);
    expect(days[0]?.plays.map((p) => p.uid)).toEqual(['x', 'y']);
  });

  it('gives nothing for no plays', () => {
    expect(groupByDay([], { now, timeZone: 'UTC' })).toEqual([]);
  });

  it('tells the time of day in the zone', () => {
    expect(playTime(at('2026-11-26T20:05:00Z'), 'Europe/Paris')).toBe('21:05');
    expect(playTime(at('2026-11-26T20:05:00Z'), 'UTC')).toBe('20:05');
  });
});
