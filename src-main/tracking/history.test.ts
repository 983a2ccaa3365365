import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zonedTime } from './dates';
import { seriesSnapshot, tempTracking, weekly, type TempTracking } from './testing/temp-tracking';

const NOW = Date.UTC(2025, 2, 10, 12);

describe('watch history', () => {
  let t: TempTracking;
  beforeEach(() => {
    t = tempTracking({ now: NOW });
  });
  afterEach(() => {
    t.cleanup();
  });

  it('marks a film now, on its release date, on a chosen day, or without a date, several times', () => {
    t.tracking.refresh.applyFilm({
      id: 550,
      title: 'Fight Club',
      posterPath: null,
      releaseDate: '1999-10-15',
      status: 'Released',
      releases: [
        { region: 'US', type: 1, date: '1999-09-10', note: 'Venice' },
        { region: 'US', type: 3, date: '1999-10-15', note: '' },
        { region: 'DE', type: 3, date: '1999-11-11', note: '' },
      ],
    });
    const { tracking } = t;
    const now = tracking.mark({ scope: 'movie', movieId: 550 }).added[0];
    expect(now).toMatchObject({
      mediaType: 'movie',
      mediaId: 550,
      season: null,
      watchedAt: NOW,
      source: 'marquee',
    });
    const release = tracking.mark({ scope: 'movie', movieId: 550 }, { when: { kind: 'release' } })
      .added[0];
    expect(release?.watchedAt).toBe(zonedTime('1999-10-15', 'UTC'));
    t.region.code = 'DE';
    const releaseDe = tracking.mark({ scope: 'movie', movieId: 550 }, { when: { kind: 'release' } })
      .added[0];
    expect(releaseDe?.watchedAt).toBe(zonedTime('1999-11-11', 'UTC'));
    const day = tracking.mark(
      { scope: 'movie', movieId: 550 },
      { when: { kind: 'date', date: '2024-12-25' } },
    ).added[0];
    expect(day?.watchedAt).toBe(zonedTime('2024-12-25', 'UTC'));
    const unknown = tracking.mark(
      { scope: 'movie', movieId: 550 },
      { when: { kind: 'unknown' }, source: 'letterboxd' },
    ).added[0];
    expect(unknown).toMatchObject({ watchedAt: null, source: 'letterboxd' });
    expect(tracking.plays({ scope: 'movie', movieId: 550 })).toHaveLength(5);
  });

  it('refuses a viewing in the future or on a day that does not exist', () => {
    expect(() =>
      t.tracking.mark(
        { scope: 'movie', movieId: 1 },
        { when: { kind: 'date', date: '2025-03-11' } },
      ),
    ).toThrow(/future/);
    expect(() =>
      t.tracking.mark(
        { scope: 'movie', movieId: 1 },
        { when: { kind: 'date', date: '2025-02-30' } },
      ),
    ).toThrow(/Not a date/);
    expect(() =>
      t.tracking.mark(
        { scope: 'movie', movieId: 1 },
        { when: { kind: 'at', at: NOW + 3_600_000 } },
      ),
    ).toThrow(/future/);
  });

  it('unmarks and returns the removed plays, which an undo restores exactly', () => {
    const { tracking } = t;
    tracking.mark({ scope: 'movie', movieId: 7 }, { when: { kind: 'date', date: '2020-01-01' } });
    tracking.mark({ scope: 'movie', movieId: 7 });
    const before = tracking.plays({ scope: 'movie', movieId: 7 });
    const { removed } = tracking.unmark({ scope: 'movie', movieId: 7 });
    expect(removed).toEqual(before);
    expect(tracking.plays({ scope: 'movie', movieId: 7 })).toEqual([]);
    expect(tracking.restore(removed).restored).toHaveLength(2);
    expect(tracking.plays({ scope: 'movie', movieId: 7 })).toEqual(before);
    // Restoring twice changes nothing: the uid is the identity.
    expect(tracking.restore(removed).restored).toEqual([]);
  });

  it('removes one play of several by its uid', () => {
    const first = t.tracking.mark({ scope: 'movie', movieId: 7 }).added[0];
    t.tracking.mark({ scope: 'movie', movieId: 7 });
    const { removed } = t.tracking.unmark({ scope: 'play', uid: first?.uid ?? '' });
    expect(removed).toEqual([first]);
    expect(t.tracking.plays({ scope: 'movie', movieId: 7 })).toHaveLength(1);
  });

  describe('series scopes', () => {
    beforeEach(() => {
      t.tracking.refresh.applySeries(
        seriesSnapshot(10, [
          { season: 0, airDates: ['2024-06-01', '2024-07-01'] },
          { season: 1, airDates: weekly('2025-01-06', 4) },
          { season: 2, airDates: [...weekly('2025-03-03', 2), '2025-03-17', null] },
        ]),
        true,
      );
    });
    const keys = (): string[] =>
      t.tracking.plays({ scope: 'series', seriesId: 10 }).map((p) => `${p.season}x${p.episode}`);

    it('marks one episode, and each mark of it is another play', () => {
      t.tracking.mark({ scope: 'episode', seriesId: 10, season: 1, episode: 2 });
      t.tracking.mark({ scope: 'episode', seriesId: 10, season: 1, episode: 2 });
      expect(keys()).toEqual(['1x2', '1x2']);
      expect(t.tracking.progress(10)).toMatchObject({ watched: 1, aired: 6 });
    });

    it('marks an episode on its air date', () => {
      const play = t.tracking.mark(
        { scope: 'episode', seriesId: 10, season: 1, episode: 3 },
        { when: { kind: 'release' } },
      ).added[0];
      expect(play?.watchedAt).toBe(zonedTime('2025-01-20', 'UTC'));
    });

    it('marks a season’s aired episodes, skipping those already watched unless rewatching', () => {
      t.tracking.mark({ scope: 'episode', seriesId: 10, season: 2, episode: 1 });
      expect(
        t.tracking.mark({ scope: 'season', seriesId: 10, season: 2 }).added.map((p) => p.episode),
      ).toEqual([2]);
      expect(t.tracking.mark({ scope: 'season', seriesId: 10, season: 2 }).added).toEqual([]);
      expect(
        t.tracking.mark({ scope: 'season', seriesId: 10, season: 2 }, { rewatch: true }).added,
      ).toHaveLength(2);
    });

    it('marks up to an episode, in order, without specials unless asked', () => {
      t.tracking.mark({ scope: 'upTo', seriesId: 10, season: 2, episode: 1 });
      expect(keys()).toEqual(['1x1', '1x2', '1x3', '1x4', '2x1']);
      t.tracking.mark(
        { scope: 'upTo', seriesId: 10, season: 2, episode: 1 },
        { includeSpecials: true },
      );
      expect(keys()).toHaveLength(7);
    });

    it('marks everything aired: never the future, never undated episodes', () => {
      t.tracking.mark({ scope: 'series', seriesId: 10 });
      expect(keys()).toEqual(['1x1', '1x2', '1x3', '1x4', '2x1', '2x2']);
      expect(t.tracking.progress(10)).toMatchObject({ completed: true, percent: 100 });
      t.tracking.mark({ scope: 'season', seriesId: 10, season: 0 });
      expect(keys()).toHaveLength(8);
    });

    it('unmarks an episode, a season, up to an episode, or everything, returning what it removed', () => {
      t.tracking.mark({ scope: 'series', seriesId: 10 }, { includeSpecials: true });
      t.tracking.mark({ scope: 'episode', seriesId: 10, season: 1, episode: 1 });
      expect(
        t.tracking.unmark({ scope: 'episode', seriesId: 10, season: 1, episode: 1 }).removed,
      ).toHaveLength(2);
      expect(
        t.tracking.unmark({ scope: 'upTo', seriesId: 10, season: 1, episode: 3 }).removed,
      ).toHaveLength(2);
      expect(t.tracking.unmark({ scope: 'season', seriesId: 10, season: 2 }).removed).toHaveLength(
        2,
      );
      // Specials stay unless the series (or the call) includes them.
      expect(t.tracking.unmark({ scope: 'series', seriesId: 10 }).removed).toHaveLength(1);
      expect(keys()).toEqual(['0x1', '0x2']);
      expect(
        t.tracking.unmark({ scope: 'series', seriesId: 10 }, { includeSpecials: true }).removed,
      ).toHaveLength(2);
      expect(t.tracking.progress(10)).toMatchObject({ watched: 0, lastWatchedAt: null });
    });

    it('accepts a mark on an episode it has not stored yet (rated from a details page)', () => {
      const play = t.tracking.mark(
        { scope: 'episode', seriesId: 99, season: 3, episode: 7 },
        { when: { kind: 'release' }, airDate: '2024-05-05' },
      ).added[0];
      expect(play?.watchedAt).toBe(zonedTime('2024-05-05', 'UTC'));
      expect(t.tracking.progress(99)).toMatchObject({
        watched: 0,
        aired: 0,
        lastWatchedAt: play?.watchedAt,
      });
    });
  });

  it('lists the history newest first, undated plays last', () => {
    t.tracking.mark({ scope: 'movie', movieId: 1 }, { when: { kind: 'unknown' } });
    t.tracking.mark({ scope: 'movie', movieId: 2 }, { when: { kind: 'date', date: '2020-01-01' } });
    t.tracking.mark({ scope: 'movie', movieId: 3 });
    const { plays, total } = t.tracking.history({ limit: 10 });
    expect(total).toBe(3);
    expect(plays.map((p) => p.mediaId)).toEqual([3, 2, 1]);
    const first = t.tracking.history({ limit: 1 });
    expect(first.next).toMatchObject({ uid: plays[0]?.uid });
    const after = first.next ?? undefined;
    expect(t.tracking.history({ limit: 1, after }).plays.map((p) => p.mediaId)).toEqual([2]);
    expect(t.tracking.history({ limit: 2, after }).next).toBeNull();
  });
});
