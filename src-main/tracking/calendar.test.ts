import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  collect,
  seriesSnapshot,
  tempTracking,
  uncollect,
  type TempTracking,
} from './testing/temp-tracking';
import type { CalendarEvent } from './types';

const NOW = Date.UTC(2025, 2, 10, 12); // 2025-03-10

const label = (e: CalendarEvent): string =>
  e.kind === 'episode'
    ? `${e.date} ${e.seriesId}:${e.season}x${e.episode}`
    : `${e.date} film ${e.movieId} ${e.release}`;

describe('follow rules and the calendar', () => {
  let t: TempTracking;
  const dates = ['2025-03-01', '2025-03-12', '2025-06-20'];
  beforeEach(() => {
    t = tempTracking({ now: NOW });
    for (const id of [1, 2, 3, 4, 5])
      t.tracking.refresh.applySeries(
        seriesSnapshot(id, [
          { season: 0, airDates: ['2025-03-11'] },
          { season: 1, airDates: dates },
        ]),
        true,
      );
  });
  afterEach(() => {
    t.cleanup();
  });
  const events = (window?: { from?: string; to?: string }): string[] =>
    t.tracking.calendar(window).events.map(label);

  it('shows only followed series: watched, watchlist, favourite or followed, unless unfollowed', () => {
    expect(events()).toEqual([]);
    t.tracking.mark({ scope: 'episode', seriesId: 1, season: 1, episode: 1 });
    collect(t.db, 'watchlist', 'tv', 2);
    collect(t.db, 'favorite', 'tv', 3);
    t.tracking.setFollow(4, 'follow');
    expect(events()).toEqual([
      '2025-03-12 1:1x2',
      '2025-03-12 2:1x2',
      '2025-03-12 3:1x2',
      '2025-03-12 4:1x2',
    ]);
    // An explicit unfollow wins over a watched episode and the watchlist.
    t.tracking.setFollow(1, 'unfollow');
    t.tracking.setFollow(2, 'unfollow');
    uncollect(t.db, 'favorite', 'tv', 3);
    expect(events()).toEqual(['2025-03-12 4:1x2']);
    t.tracking.setFollow(2, 'none');
    expect(events()).toEqual(['2025-03-12 2:1x2', '2025-03-12 4:1x2']);
    expect(t.tracking.progress(1)).toMatchObject({ follow: 'unfollow', followed: false });
    expect(t.tracking.progress(2)).toMatchObject({ follow: 'none', followed: true });
  });

  it('orders each day by series name (not id, any case), then season and episode', () => {
    const named: Array<[number, string]> = [
      [17, 'gamma'],
      [13, 'Beta'],
      [15, 'alpha'],
    ];
    for (const [id, name] of named) {
      t.tracking.refresh.applySeries(
        seriesSnapshot(
          id,
          [
            { season: 2, airDates: ['2025-03-13', '2025-03-13'] },
            { season: 1, airDates: ['2025-03-13', '2025-03-14'], numbers: [9, 10] },
          ],
          { name },
        ),
        true,
      );
      t.tracking.setFollow(id, 'follow');
    }
    expect(events({ from: '2025-03-13', to: '2025-03-14' })).toEqual([
      '2025-03-13 15:1x9',
      '2025-03-13 15:2x1',
      '2025-03-13 15:2x2',
      '2025-03-13 13:1x9',
      '2025-03-13 13:2x1',
      '2025-03-13 13:2x2',
      '2025-03-13 17:1x9',
      '2025-03-13 17:2x1',
      '2025-03-13 17:2x2',
      '2025-03-14 15:1x10',
      '2025-03-14 13:1x10',
      '2025-03-14 17:1x10',
    ]);
  });

  it('covers the last week and the next 90 days by default, or the window asked for', () => {
    t.tracking.setFollow(1, 'follow');
    expect(t.tracking.calendar().window).toEqual({ from: '2025-03-03', to: '2025-06-08' });
    expect(events()).toEqual(['2025-03-12 1:1x2']);
    expect(events({ from: '2025-03-01', to: '2025-12-31' })).toEqual([
      '2025-03-01 1:1x1',
      '2025-03-12 1:1x2',
      '2025-06-20 1:1x3',
    ]);
    expect(() => t.tracking.calendar({ from: '2025-03-10', to: '2025-03-01' })).toThrow(
      /ends before/,
    );
    expect(() => t.tracking.calendar({ from: '2020-01-01', to: '2025-01-01' })).toThrow(/at most/);
  });

  it('shows specials only for series that include them, and marks watched episodes', () => {
    t.tracking.setFollow(1, 'follow');
    t.tracking.setIncludeSpecials(1, true);
    t.tracking.mark({ scope: 'episode', seriesId: 1, season: 1, episode: 2 });
    const list = t.tracking.calendar().events;
    expect(list.map(label)).toEqual(['2025-03-11 1:0x1', '2025-03-12 1:1x2']);
    expect(list[1]).toMatchObject({ kind: 'episode', watched: true, seriesName: 'Series 1' });
  });

  it('leaves out series TMDB no longer has', () => {
    t.tracking.setFollow(1, 'follow');
    t.tracking.refresh.seriesFailed(1, 'Removed from TMDB', true);
    expect(events()).toEqual([]);
    expect(t.tracking.progress(1)).toMatchObject({ gone: true, refreshError: 'Removed from TMDB' });
  });

  it('adds the release dates of watchlist films in the user’s region, with their type', () => {
    t.tracking.refresh.applyFilm({
      id: 77,
      title: 'Premiere Night',
      posterPath: '/p.jpg',
      releaseDate: '2025-03-20',
      status: 'Post Production',
      releases: [
        { region: 'US', type: 1, date: '2025-03-05', note: 'Festival' },
        { region: 'US', type: 3, date: '2025-03-20', note: '' },
        { region: 'US', type: 4, date: '2025-05-02', note: '' },
        { region: 'FR', type: 3, date: '2025-04-02', note: '' },
      ],
    });
    expect(events()).toEqual([]);
    collect(t.db, 'watchlist', 'movie', 77);
    expect(events()).toEqual([
      '2025-03-05 film 77 premiere',
      '2025-03-20 film 77 theatrical',
      '2025-05-02 film 77 digital',
    ]);
    t.region.code = 'FR';
    expect(t.tracking.calendar().events).toMatchObject([
      {
        kind: 'release',
        date: '2025-04-02',
        title: 'Premiere Night',
        region: 'FR',
        releaseType: 3,
      },
    ]);
  });

  it('interleaves episodes and releases by date', () => {
    t.tracking.setFollow(1, 'follow');
    collect(t.db, 'watchlist', 'movie', 9);
    t.tracking.refresh.applyFilm({
      id: 9,
      title: 'Nine',
      posterPath: null,
      releaseDate: null,
      status: 'Released',
      releases: [
        { region: 'US', type: 3, date: '2025-03-04', note: '' },
        { region: 'US', type: 4, date: '2025-04-04', note: '' },
      ],
    });
    expect(events()).toEqual([
      '2025-03-04 film 9 theatrical',
      '2025-03-12 1:1x2',
      '2025-04-04 film 9 digital',
    ]);
  });

  it('exports the window as an .ics file that a calendar parser reads back', () => {
    t.tracking.setFollow(1, 'follow');
    collect(t.db, 'watchlist', 'movie', 9);
    t.tracking.refresh.applyFilm({
      id: 9,
      title: 'Nine, the film',
      posterPath: null,
      releaseDate: null,
      status: 'Released',
      releases: [
        { region: 'US', type: 3, date: '2025-03-04', note: '' },
        { region: 'US', type: 3, date: '2025-03-06', note: 'wide' },
      ],
    });
    const text = t.tracking.calendarIcs();
    const jcal: unknown[] = ICAL.parse(text) as unknown[];
    const events = new ICAL.Component(jcal)
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .map((e) => [e.uid, e.startDate.toString(), e.startDate.isDate, e.summary, e.description]);
    expect(events).toEqual([
      ['release-9-US-3@marquee', '2025-03-04', true, 'Nine, the film (in theatres, US)', null],
      [
        'episode-1-1-2@marquee',
        '2025-03-12',
        true,
        'Series 1 S01E02: Episode 1x2',
        'Overview of 1x2',
      ],
    ]);
  });
});
