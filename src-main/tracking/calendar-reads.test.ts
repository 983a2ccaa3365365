import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChangePath } from '../changes/change-path';
import { createChangeStore } from '../changes/store/changes';
import { connect } from '../db/connection';
import { migrate } from '../db/migrate';
import { libraryMigrations } from '../db/migrations/library';
import { createTrackingStore } from './store';
import { seriesSnapshot } from './testing/temp-tracking';
import { createTracking, type Tracking } from './tracking';
import type { CalendarEvent } from './types';

const NOW = Date.UTC(2025, 2, 10, 12); // 2025-03-10

const label = (e: CalendarEvent): string =>
  e.kind === 'episode'
    ? `${e.date} ${e.seriesId}:${e.season}x${e.episode}${e.watched ? ' watched' : ''}`
    : `${e.date} film ${e.movieId}`;

/**
 * The calendar is read again whenever it is shown or exported, over windows of thousands of
 * episodes: those rows are read from the library once per window and kept until a refresh changes
 * the stored episodes, while what decides which of them show (follow state, plays, names) is read
 * at every call.
 */
describe('the calendar’s episode rows', () => {
  let dir: string;
  let db: Database.Database;
  let tracking: Tracking;
  let reads: Array<[string, string]>;
  let built: number;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-calendar-'));
    db = connect(path.join(dir, 'library.db'), 'library');
    migrate(db, libraryMigrations);
    const store = createTrackingStore(db);
    const episodes = store.calendar.episodes.bind(store.calendar);
    reads = [];
    built = 0;
    const series = store.calendar.series.bind(store.calendar);
    store.calendar.series = (ids) => {
      built++;
      return series(ids);
    };
    store.calendar.episodes = (from, to) => {
      reads.push([from, to]);
      return episodes(from, to);
    };
    tracking = createTracking(store, {
      clock: () => NOW,
      timeZone: () => 'UTC',
      region: () => 'US',
      changes: createChangePath({ store: createChangeStore(db), clock: () => NOW }),
    });
    for (const id of [1, 2])
      tracking.refresh.applySeries(
        seriesSnapshot(id, [{ season: 1, airDates: ['2025-03-12', '2025-03-19'] }]),
        true,
      );
  });
  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const events = (): string[] => tracking.calendar().events.map(label);

  it('are read once per window, however often the calendar is shown or exported', () => {
    tracking.setFollow(1, 'follow');
    expect(events()).toEqual(['2025-03-12 1:1x1', '2025-03-19 1:1x2']);
    expect(events()).toEqual(['2025-03-12 1:1x1', '2025-03-19 1:1x2']);
    expect(tracking.calendarIcs()).toContain('Episode 1x2');
    expect(reads).toEqual([['2025-03-03', '2025-06-08']]);
    // Another window is read once too.
    expect(tracking.calendar({ from: '2025-03-15', to: '2025-03-31' }).events.map(label)).toEqual([
      '2025-03-19 1:1x2',
    ]);
    tracking.calendar({ from: '2025-03-15', to: '2025-03-31' });
    expect(reads).toHaveLength(2);
  });

  it('still follow plays, follow state and names between reads', () => {
    tracking.setFollow(1, 'follow');
    expect(events()).toEqual(['2025-03-12 1:1x1', '2025-03-19 1:1x2']);
    tracking.mark({ scope: 'episode', seriesId: 1, season: 1, episode: 1 });
    tracking.setFollow(2, 'follow');
    expect(events()).toEqual([
      '2025-03-12 1:1x1 watched',
      '2025-03-12 2:1x1',
      '2025-03-19 1:1x2',
      '2025-03-19 2:1x2',
    ]);
    tracking.setFollow(1, 'unfollow');
    expect(events()).toEqual(['2025-03-12 2:1x1', '2025-03-19 2:1x2']);
    expect(reads).toHaveLength(1);
  });

  it('are read again once a refresh changes the stored episodes', () => {
    tracking.setFollow(2, 'follow');
    expect(events()).toEqual(['2025-03-12 2:1x1', '2025-03-19 2:1x2']);
    tracking.refresh.applySeries(
      seriesSnapshot(2, [{ season: 1, airDates: ['2025-03-12', '2025-03-26', '2025-04-02'] }], {
        name: 'Renamed',
      }),
      true,
    );
    const list = tracking.calendar().events;
    expect(list.map(label)).toEqual(['2025-03-12 2:1x1', '2025-03-26 2:1x2', '2025-04-02 2:1x3']);
    expect(list[0]).toMatchObject({ seriesName: 'Renamed' });
    expect(reads).toHaveLength(2);
  });

  it('answer a repeated question from the last answer, until a play, a follow or another connection changes the library', () => {
    tracking.setFollow(1, 'follow');
    const first = tracking.calendar().events;
    expect(first.map(label)).toEqual(['2025-03-12 1:1x1', '2025-03-19 1:1x2']);
    expect(tracking.calendar().events).toBe(first);
    expect(tracking.calendarIcs()).toContain('Episode 1x2');
    expect(built).toBe(1);

    tracking.mark({ scope: 'episode', seriesId: 1, season: 1, episode: 1 });
    expect(events()).toEqual(['2025-03-12 1:1x1 watched', '2025-03-19 1:1x2']);
    expect(built).toBe(2);
    tracking.setFollow(2, 'follow');
    expect(events()).toEqual([
      '2025-03-12 1:1x1 watched',
      '2025-03-12 2:1x1',
      '2025-03-19 1:1x2',
      '2025-03-19 2:1x2',
    ]);
    // Another window is a question of its own.
    expect(tracking.calendar({ from: '2025-03-15', to: '2025-03-31' }).events.map(label)).toEqual([
      '2025-03-19 1:1x2',
      '2025-03-19 2:1x2',
    ]);

    // A commit by another connection (a restore or an import in the worker).
    const other = connect(path.join(dir, 'library.db'), 'library');
    try {
      other.prepare("DELETE FROM watch_plays WHERE media_type = 'episode'").run();
    } finally {
      other.close();
    }
    expect(events()).toEqual([
      '2025-03-12 1:1x1',
      '2025-03-12 2:1x1',
      '2025-03-19 1:1x2',
      '2025-03-19 2:1x2',
    ]);
  });
});
