import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  domainOver,
  seriesSnapshot,
  tempTracking,
  weekly,
  type TempTracking,
} from './testing/temp-tracking';
import type { Tracking } from './tracking';

const NOW = Date.UTC(2025, 2, 10, 12); // 2025-03-10
const SERIES = 70;

/** The calendar's first read after a start looks up only its window's episodes' plays. */
describe('the first calendar after a start', () => {
  let t: TempTracking;
  beforeEach(() => {
    t = tempTracking({ now: NOW });
    for (let id = 1; id <= SERIES; id++) {
      t.tracking.refresh.applySeries(
        seriesSnapshot(id, [
          { season: 0, airDates: ['2025-03-05'] },
          { season: 1, airDates: weekly('2025-02-24', 4) },
        ]),
        true,
      );
      if (id % 2 === 0) t.tracking.setIncludeSpecials(id, true);
      if (id % 9 === 0) t.tracking.setFollow(id, 'unfollow');
      else t.tracking.setFollow(id, 'follow');
      for (let e = 1; e <= id % 4; e++)
        t.tracking.mark({ scope: 'episode', seriesId: id, season: 1, episode: e }, {});
      // A rewatch, and a special seen.
      if (id % 5 === 0)
        t.tracking.mark({ scope: 'episode', seriesId: id, season: 1, episode: 1 }, {});
      if (id % 6 === 0)
        t.tracking.mark({ scope: 'episode', seriesId: id, season: 0, episode: 1 }, {});
    }
  });
  afterEach(() => {
    t.cleanup();
  });

  const started = (): Tracking => domainOver(t);

  it('answers what the calendar answers once every series’ plays are in memory', () => {
    const first = started().calendar();
    const warm = started();
    warm.progressMany(Array.from({ length: SERIES }, (_, i) => i + 1));
    const later = warm.calendar();
    expect(first).toEqual(later);
    const episodes = first.events.filter((e) => e.kind === 'episode');
    expect(episodes.some((e) => e.watched)).toBe(true);
    expect(episodes.some((e) => !e.watched)).toBe(true);
    // After a mark, the next read follows it.
    const one = episodes.find((e) => !e.watched && e.season === 1);
    if (!one) throw new Error('an unwatched episode was expected');
    warm.mark({ scope: 'episode', seriesId: one.seriesId, season: 1, episode: one.episode }, {});
    const after = started().calendar();
    expect(after).toEqual(warm.calendar());
    expect(
      after.events.find(
        (e) =>
          e.kind === 'episode' &&
          e.seriesId === one.seriesId &&
          e.season === 1 &&
          e.episode === one.episode,
      ),
    ).toMatchObject({ watched: true });
  });
});
