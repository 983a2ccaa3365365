import { afterEach, describe, expect, it } from 'vitest';
import { localDate } from './dates';
import { RefreshScheduler } from './scheduler';
import { FakeSource } from './testing/fake-source';
import { collect, seriesSnapshot, tempTracking, type TempTracking } from './testing/temp-tracking';

/** Odd data TMDB really sends, and clocks at awkward moments: each shows something sensible. */
describe('tracking with bad input', () => {
  let t: TempTracking | undefined;
  afterEach(() => {
    t?.cleanup();
  });

  it('follows gaps in season and episode numbers', () => {
    t = tempTracking({ now: Date.UTC(2025, 2, 10, 12) });
    t.tracking.refresh.applySeries(
      seriesSnapshot(1, [
        { season: 1, airDates: ['2020-01-01', '2020-01-08'], numbers: [1, 4] },
        { season: 4, airDates: ['2021-01-01'], numbers: [10] },
      ]),
      true,
    );
    t.tracking.mark({ scope: 'episode', seriesId: 1, season: 1, episode: 1 });
    expect(t.tracking.upNextFor(1)?.episode).toMatchObject({ season: 1, episode: 4 });
    t.tracking.mark({ scope: 'upTo', seriesId: 1, season: 4, episode: 10 });
    expect(t.tracking.progress(1)).toMatchObject({ watched: 3, aired: 3, completed: true });
    expect(t.tracking.progress(1)?.seasons.map((s) => s.season)).toEqual([1, 4]);
  });

  it('never counts episodes without an air date, and still lets the user mark them one by one', () => {
    t = tempTracking({ now: Date.UTC(2025, 2, 10, 12) });
    t.tracking.refresh.applySeries(
      seriesSnapshot(1, [{ season: 1, airDates: ['2020-01-01', null, null] }]),
      true,
    );
    t.tracking.mark({ scope: 'series', seriesId: 1 });
    expect(t.tracking.progress(1)).toMatchObject({ watched: 1, aired: 1, completed: true });
    t.tracking.mark(
      { scope: 'episode', seriesId: 1, season: 1, episode: 2 },
      { when: { kind: 'release' } },
    );
    const episodes = t.tracking.progress(1)?.seasons[0]?.episodes;
    expect(episodes?.map((e) => [e.episode, e.plays, e.counts])).toEqual([
      [1, 1, true],
      [2, 1, false],
      [3, 0, false],
    ]);
    expect(
      t.tracking.plays({ scope: 'episode', seriesId: 1, season: 1, episode: 2 })[0]?.watchedAt,
    ).toBeNull();
  });

  it('takes air dates from 1900 and 2100 as dates, airing and not', () => {
    t = tempTracking({ now: Date.UTC(2025, 2, 10, 12) });
    t.tracking.refresh.applySeries(
      seriesSnapshot(1, [{ season: 1, airDates: ['1900-01-01', '2100-12-31'] }]),
      true,
    );
    t.tracking.setFollow(1, 'follow');
    t.tracking.mark({ scope: 'series', seriesId: 1 }, { when: { kind: 'release' } });
    expect(t.tracking.progress(1)).toMatchObject({ watched: 1, aired: 1 });
    const play = t.tracking.plays({ scope: 'series', seriesId: 1 })[0];
    expect(localDate(play?.watchedAt ?? 0, 'UTC')).toBe('1900-01-01');
    expect(t.tracking.calendar({ from: '2100-01-01', to: '2100-12-31' }).events).toHaveLength(1);
    expect(t.tracking.refresh.collectNotifications()).toEqual([]);
    // Marking the unaired one "on its air date" would store a play in 2100: refused, nothing kept.
    expect(() =>
      t?.tracking.mark(
        { scope: 'episode', seriesId: 1, season: 1, episode: 2 },
        { when: { kind: 'release' } },
      ),
    ).toThrow('A viewing cannot be marked: the viewing date 2100-12-31 is in the future.');
    expect(t.tracking.plays({ scope: 'series', seriesId: 1 })).toHaveLength(1);
  });

  it('keeps a followed series and its history when TMDB deletes it', async () => {
    t = tempTracking({ now: Date.UTC(2025, 2, 10, 12) });
    const temp = t;
    const source = new FakeSource();
    source.seriesAnswers.set(
      1,
      seriesSnapshot(1, [{ season: 1, airDates: ['2020-01-01', '2020-01-08'] }]),
    );
    collect(temp.db, 'watchlist', 'tv', 1);
    const scheduler = new RefreshScheduler({
      target: temp.tracking.refresh,
      source,
      clock: () => temp.clock.now,
      every: () => () => undefined,
      online: () => true,
      onOnline: () => () => undefined,
      onProgress: () => undefined,
      onInbox: () => undefined,
      unread: () => 0,
      log: { info: () => undefined, warn: () => undefined },
    });
    await scheduler.run();
    temp.tracking.mark({ scope: 'episode', seriesId: 1, season: 1, episode: 1 });
    source.seriesAnswers.set(1, 'gone');
    temp.clock.now += 8 * 86_400_000;
    await scheduler.run();
    expect(temp.tracking.progress(1)).toMatchObject({
      gone: true,
      watched: 1,
      aired: 2,
      name: 'Series 1',
    });
    expect(temp.tracking.upNext()[0]).toMatchObject({
      progress: { gone: true },
      episode: { episode: 2 },
    });
    expect(temp.tracking.history().total).toBe(1);
  });

  describe('"today" around DST changes', () => {
    const airing = (zone: string, now: number): number => {
      t?.cleanup();
      t = tempTracking({ now, timeZone: zone });
      t.tracking.refresh.applySeries(
        seriesSnapshot(1, [
          {
            season: 1,
            airDates: ['2025-03-08', '2025-03-09', '2025-03-10', '2025-04-06', '2025-04-07'],
          },
        ]),
        true,
      );
      return t.tracking.progressMany([1])[0]?.aired ?? -1;
    };

    it('in America/Los_Angeles the day turns at local midnight before and after spring-forward', () => {
      const zone = 'America/Los_Angeles';
      expect(airing(zone, Date.UTC(2025, 2, 9, 7, 59))).toBe(1); // Mar 8, 23:59 PST
      expect(airing(zone, Date.UTC(2025, 2, 9, 8, 0))).toBe(2); // Mar 9, 00:00 PST
      expect(airing(zone, Date.UTC(2025, 2, 10, 6, 59))).toBe(2); // Mar 9, 23:59 PDT
      expect(airing(zone, Date.UTC(2025, 2, 10, 7, 0))).toBe(3); // Mar 10, 00:00 PDT
    });

    it('in Pacific/Auckland the day turns at local midnight before and after DST ends', () => {
      const zone = 'Pacific/Auckland';
      expect(airing(zone, Date.UTC(2025, 3, 5, 10, 59))).toBe(3); // Apr 5, 23:59 NZDT
      expect(airing(zone, Date.UTC(2025, 3, 5, 11, 0))).toBe(4); // Apr 6, 00:00 NZDT
      expect(airing(zone, Date.UTC(2025, 3, 6, 11, 59))).toBe(4); // Apr 6, 23:59 NZST
      expect(airing(zone, Date.UTC(2025, 3, 6, 12, 0))).toBe(5); // Apr 7, 00:00 NZST
    });

    it('keeps a day chosen for a play on that day in the user’s zone', () => {
      t = tempTracking({ now: Date.UTC(2025, 2, 10, 12), timeZone: 'America/Los_Angeles' });
      const play = t.tracking.mark(
        { scope: 'movie', movieId: 1 },
        { when: { kind: 'date', date: '2025-03-09' } },
      ).added[0];
      expect(localDate(play?.watchedAt ?? 0, 'America/Los_Angeles')).toBe('2025-03-09');
    });
  });
});
