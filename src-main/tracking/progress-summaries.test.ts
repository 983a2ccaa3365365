import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertPlay } from '../db/testing/library-rows';
import { createTrackingStore, type TrackingStore } from './store';
import {
  domainOver,
  seriesSnapshot,
  tempTracking,
  weekly,
  type TempTracking,
} from './testing/temp-tracking';
import type { Tracking } from './tracking';

const NOW = Date.UTC(2025, 2, 10, 12); // 2025-03-10
const DAY = 86_400_000;
const SERIES = 80;

/** The same domain over the same library, but with no stored summaries: everything computed. */
function computing(t: TempTracking): Tracking {
  const store: TrackingStore = {
    ...createTrackingStore(t.db),
    summaries: { all: () => [], save: () => false, dataVersion: () => 0 },
  };
  return domainOver(t, store);
}

const stored = (t: TempTracking): number =>
  t.db.prepare('SELECT count(*) FROM progress_summaries').pluck().get() as number;

/** What Up Next and progress answer, for comparing. */
const answers = (tracking: Tracking): unknown => ({
  upNext: tracking.upNext(),
  progress: tracking.progressMany(Array.from({ length: SERIES + 2 }, (_, i) => i + 1)),
});

describe('progress summaries stored in the library', () => {
  let t: TempTracking;
  beforeEach(() => {
    t = tempTracking({ now: NOW });
    const { refresh } = t.tracking;
    // Series of every shape: specials, seasons still airing, episodes without a date.
    for (let id = 1; id <= SERIES; id++) {
      refresh.applySeries(
        seriesSnapshot(id, [
          { season: 0, airDates: id % 3 === 0 ? ['2024-12-24', null] : [] },
          { season: 1, airDates: weekly('2024-09-02', 4 + (id % 5)) },
          { season: 2, airDates: weekly(id % 2 === 0 ? '2025-03-03' : '2025-01-06', 3) },
        ]),
        true,
      );
      if (id % 4 === 0) t.tracking.setIncludeSpecials(id, true);
      if (id % 7 === 0) t.tracking.setHidden(id, true);
      const watched = id % 6;
      for (let e = 1; e <= watched; e++)
        t.tracking.mark(
          { scope: 'episode', seriesId: id, season: 1, episode: e },
          { when: { kind: 'at', at: NOW - (id * 10 + e) * 60_000 } },
        );
    }
  });
  afterEach(() => {
    t.cleanup();
  });

  it('a start after a large read answers from the stored summaries exactly what computing gives', async () => {
    const before = answers(t.tracking);
    // Stored once the answer has gone out.
    expect(stored(t)).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stored(t)).toBeGreaterThanOrEqual(50);

    t.reopen();
    expect(answers(t.tracking)).toEqual(before);
    expect(answers(t.tracking)).toEqual(answers(computing(t)));

    // What a start reads is the stored row: one changed by hand shows (and is then put back).
    const id = t.tracking.upNext()[0]?.progress.seriesId ?? 0;
    t.reopen();
    const row = t.db.prepare('SELECT summary FROM progress_summaries WHERE series_id = ?');
    const text = row.pluck().get(id) as string;
    t.db
      .prepare('UPDATE progress_summaries SET summary = ? WHERE series_id = ?')
      .run(text.replace(/"watched":\d+/, '"watched":999'), id);
    expect(t.tracking.progressMany([id])[0]?.watched).toBe(999);
  });

  it('stays equal to computing through every kind of change, on this connection or another', () => {
    const same = (): void => {
      t.tracking.persist();
      t.reopen();
      expect(answers(t.tracking)).toEqual(answers(computing(t)));
    };
    answers(t.tracking);
    same();
    expect(stored(t)).toBeGreaterThan(0);

    // A play marked, a play removed.
    t.tracking.mark({ scope: 'episode', seriesId: 5, season: 1, episode: 6 }, {});
    t.tracking.unmark({ scope: 'episode', seriesId: 11, season: 1, episode: 1 });
    same();
    // Episodes refreshed: a new season.
    t.tracking.refresh.applySeries(
      seriesSnapshot(2, [
        { season: 1, airDates: weekly('2024-09-02', 6) },
        { season: 3, airDates: ['2025-03-01', '2025-03-20'] },
      ]),
      true,
    );
    same();
    // Specials taken in.
    t.tracking.setIncludeSpecials(3, true);
    same();
    // Days pass: episodes air.
    t.clock.now = NOW + 10 * DAY;
    same();
    // Another connection (an import in the worker) adds plays and moves one.
    const other = new Database(t.file);
    insertPlay(other, 'elsewhere-1', 'episode', 1, NOW, 1, 2);
    insertPlay(other, 'elsewhere-2', 'episode', 9, NOW, 2, 1);
    other
      .prepare("UPDATE watch_plays SET media_id = 10 WHERE media_type = 'episode' AND media_id = 4")
      .run();
    other.close();
    expect(answers(t.tracking)).toEqual(answers(computing(t)));
    same();
  });

  it('reads again when another connection committed, and never stores what it read before that', () => {
    const a = answers(t.tracking);
    expect(a).toEqual(answers(computing(t)));
    // Computed here, not yet stored; then another connection commits a play of series 1.
    const other = new Database(t.file);
    insertPlay(other, 'elsewhere-3', 'episode', 1, NOW + 1, 2, 1);
    other.close();
    t.tracking.persist();
    expect(stored(t)).toBe(0);
    // This connection sees the play at once, though no write of its own told it.
    expect(answers(t.tracking)).toEqual(answers(computing(t)));
    const before = (a as { progress: Array<{ watched: number }> }).progress[0]?.watched ?? 0;
    expect(t.tracking.progressMany([1])[0]?.watched).toBe(before + 1);
  });
});
