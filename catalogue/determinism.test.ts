import { describe, expect, it } from 'vitest';
import { Catalogue } from './data/catalogue';
import { Clock } from './data/clock';
import { DAY_MS, dayFromIso, isoDay } from './data/days';
import { MESSY_KINDS } from './data/messy';
import { releaseDatesOf } from './data/release-dates';
import { movieSummary, tvSummary } from './data/summaries';
import { seasonDetails, seasonsOf, tvDetails } from './data/tv-details';

/** Same seed and same start day, same catalogue; a later start moves dates, never ids or titles. */
const START = Date.parse('2026-04-20T09:30:00Z');
const make = (now: number, seed = 5, messy = true): Catalogue =>
  new Catalogue({
    titles: 600,
    seed,
    imageBase: 'http://127.0.0.1:1/t/p',
    clock: new Clock(() => now),
    messy,
  });

/** Every `YYYY-MM-DD` (alone or at the start of a timestamp) in a JSON value, moved by `days`. */
function shiftDates(value: unknown, days: number): unknown {
  return JSON.parse(
    JSON.stringify(value).replace(
      /"(\d{4}-\d{2}-\d{2})(T[^"]*)?"/g,
      (_m, date: string, rest?: string) => `"${isoDay(dayFromIso(date) + days)}${rest ?? ''}"`,
    ),
  ) as unknown;
}

function snapshot(data: Catalogue): unknown {
  const series = data.tv.slice(0, 40);
  const films = data.movies.slice(0, 40);
  return {
    series: series.map((core) => ({
      details: tvDetails(data, core, 'en'),
      seasons: seasonsOf(data, core).map((s) => seasonDetails(data, core, s, 'en')),
      summary: tvSummary(data, core, 'en', true),
    })),
    films: films.map((core) => ({
      releases: releaseDatesOf(data, core),
      summary: movieSummary(data, core, 'en', false),
    })),
  };
}

describe('determinism', () => {
  it('gives the same data for the same seed and clock, at any time of that day', () => {
    const a = make(START);
    const b = make(START + 3 * 60 * 60 * 1000);
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(b.picks).toEqual(a.picks);
    for (const kind of MESSY_KINDS) expect(b.messy.idsOf(kind)).toEqual(a.messy.idsOf(kind));
    expect(b.messy.longBiographyPersonIds).toEqual(a.messy.longBiographyPersonIds);
  });

  it('moves every date with a later start and keeps ids, titles and designated titles', () => {
    const a = make(START);
    const later = make(START + 10 * DAY_MS);
    expect(later.movies.map((m) => [m.id, m.title])).toEqual(a.movies.map((m) => [m.id, m.title]));
    expect(later.tv.map((t) => [t.id, t.title])).toEqual(a.tv.map((t) => [t.id, t.title]));
    expect(later.picks).toEqual(a.picks);
    // Air dates and release dates are laid out around the start day, so all of them move by ten
    // days; with the clock moved along, last and next episodes and statuses are the same too.
    expect(snapshot(later)).toEqual(shiftDates(snapshot(a), 10));
  });

  it('gives another catalogue for another seed', () => {
    const a = make(START, 5);
    const b = make(START, 6);
    expect(b.messy.vanishedIds).not.toEqual(a.messy.vanishedIds);
    expect(b.picks.airingThisWeek).not.toEqual(a.picks.airingThisWeek);
  });
});
