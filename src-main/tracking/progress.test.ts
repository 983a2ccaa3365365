import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seriesSnapshot, tempTracking, weekly, type TempTracking } from './testing/temp-tracking';

const NOW = Date.UTC(2025, 2, 10, 12); // 2025-03-10, a Monday
const HOUR = 3_600_000;

describe('progress and Up Next', () => {
  let t: TempTracking;
  beforeEach(() => {
    t = tempTracking({ now: NOW });
    const { refresh } = t.tracking;
    // 1: two aired seasons; 2: one season still airing weekly; 3: ended, one season.
    refresh.applySeries(
      seriesSnapshot(1, [
        { season: 0, airDates: ['2024-12-24'] },
        { season: 1, airDates: weekly('2024-09-02', 3) },
        { season: 2, airDates: weekly('2025-01-06', 3) },
      ]),
      true,
    );
    refresh.applySeries(
      seriesSnapshot(2, [{ season: 1, airDates: weekly('2025-02-24', 6) }]),
      true,
    );
    refresh.applySeries(
      seriesSnapshot(3, [{ season: 1, airDates: weekly('2020-01-01', 2) }], { status: 'Ended' }),
      true,
    );
  });
  afterEach(() => {
    t.cleanup();
  });

  const watch = (seriesId: number, season: number, episode: number, at: number): void => {
    t.tracking.mark({ scope: 'episode', seriesId, season, episode }, { when: { kind: 'at', at } });
  };
  const next = (): string[] =>
    t.tracking
      .upNext()
      .map((i) => `${i.progress.seriesId}:${i.episode.season}x${i.episode.episode}`);

  it('breaks progress down per season with each episode’s state and play count', () => {
    watch(1, 1, 1, NOW - 3 * HOUR);
    watch(1, 1, 1, NOW - 2 * HOUR);
    watch(1, 2, 1, NOW - HOUR);
    const p = t.tracking.progress(1);
    expect(p).toMatchObject({
      watched: 2,
      aired: 6,
      percent: 33,
      completed: false,
      status: 'returning',
    });
    expect(p?.seasons.map((s) => [s.season, s.watched, s.aired])).toEqual([
      [1, 1, 3],
      [2, 1, 3],
      [0, 0, 0],
    ]);
    expect(p?.seasons[0]?.episodes[0]).toMatchObject({
      episode: 1,
      plays: 2,
      counts: true,
      aired: true,
    });
    expect(p?.seasons[2]?.episodes[0]).toMatchObject({ season: 0, counts: false, aired: true });
    t.tracking.setIncludeSpecials(1, true);
    expect(t.tracking.progress(1)).toMatchObject({ watched: 2, aired: 7, includeSpecials: true });
  });

  it('lists series in progress, most recently watched first, and advances in place', () => {
    watch(1, 1, 1, NOW - 5 * HOUR);
    watch(2, 1, 1, NOW - 4 * HOUR);
    watch(3, 1, 1, NOW - 6 * HOUR);
    expect(next()).toEqual(['2:1x2', '1:1x2', '3:1x2']);
    const first = t.tracking.upNext()[0];
    expect(first).toMatchObject({
      progress: { seriesId: 2, watched: 1, aired: 3, name: 'Series 2' },
      episode: { name: 'Episode 1x2', stillPath: '/still-2-1-2.jpg', airDate: '2025-03-03' },
    });
    watch(1, 1, 2, NOW - HOUR);
    expect(next()).toEqual(['1:1x3', '2:1x2', '3:1x2']);
    expect(t.tracking.upNextFor(1)?.episode.episode).toBe(3);
  });

  it('leaves out completed series until a new episode airs', () => {
    watch(2, 1, 1, NOW - 3 * HOUR);
    watch(2, 1, 2, NOW - 2 * HOUR);
    watch(2, 1, 3, NOW - HOUR);
    expect(next()).toEqual([]);
    expect(t.tracking.progressMany([2])[0]).toMatchObject({ completed: true, aired: 3 });
    t.clock.now = NOW + 7 * 24 * HOUR;
    expect(next()).toEqual(['2:1x4']);
    expect(t.tracking.progressMany([2])[0]).toMatchObject({
      completed: false,
      aired: 4,
      percent: 75,
    });
  });

  it('hides and snoozes series', () => {
    watch(1, 1, 1, NOW - 2 * HOUR);
    watch(2, 1, 1, NOW - HOUR);
    t.tracking.setHidden(2, true);
    expect(next()).toEqual(['1:1x2']);
    t.tracking.setHidden(2, false);
    t.tracking.snooze(1, NOW + 24 * HOUR);
    expect(next()).toEqual(['2:1x2']);
    t.clock.now = NOW + 24 * HOUR;
    expect(next()).toEqual(['2:1x2', '1:1x2']);
    t.tracking.snooze(2, NOW + 48 * HOUR);
    t.tracking.snooze(2, null);
    expect(next()).toHaveLength(2);
  });

  it('reads progress of many series at once, zero for unknown ones', () => {
    watch(1, 1, 1, NOW);
    const many = t.tracking.progressMany([1, 2, 3, 404]);
    expect(many.map((p) => [p.seriesId, p.watched, p.aired, p.status])).toEqual([
      [1, 1, 6, 'returning'],
      [2, 0, 3, 'returning'],
      [3, 0, 2, 'ended'],
    ]);
  });

  it('recomputes a series when a refresh changes its episodes', () => {
    watch(2, 1, 1, NOW);
    expect(next()).toEqual(['2:1x2']);
    // TMDB moved episodes 2 and 3 into April: nothing aired is left to watch.
    t.tracking.refresh.applySeries(
      seriesSnapshot(2, [{ season: 1, airDates: ['2025-02-24', '2025-04-01', '2025-04-08'] }]),
      false,
    );
    expect(next()).toEqual([]);
    expect(t.tracking.progressMany([2])[0]).toMatchObject({
      watched: 1,
      aired: 1,
      completed: true,
    });
  });

  it('decides "today" in the user’s zone', () => {
    watch(2, 1, 1, NOW);
    t.clock.now = Date.UTC(2025, 2, 16, 23); // Sunday 23:00 UTC
    expect(t.tracking.progressMany([2])[0]?.aired).toBe(3);
    t.zone.name = 'Pacific/Auckland'; // already Monday 2025-03-17 12:00 there: episode 4 aired
    expect(t.tracking.progressMany([2])[0]?.aired).toBe(4);
    t.zone.name = 'America/Los_Angeles'; // Sunday 16:00
    expect(t.tracking.progressMany([2])[0]?.aired).toBe(3);
  });

  it('keeps Up Next across a restart', () => {
    watch(1, 1, 1, NOW - HOUR);
    watch(2, 1, 1, NOW);
    const before = t.tracking.upNext();
    t.reopen();
    expect(t.tracking.upNext()).toEqual(before);
  });
});
