import type Database from 'better-sqlite3';
import { createCalendarStore, type CalendarStore } from './calendar';
import { createFilmStore, type FilmStore } from './films';
import { createInboxStore, type InboxStore } from './inbox';
import { createPlayTitles } from './play-titles';
import { createPlayStore, type PlayStore } from './plays';
import { createSeriesStore, type SeriesStore } from './series';
import { createSummaryStore, type SummaryStore } from './summaries';

/** Every SQL statement of the tracking domain lives behind this object. */
export interface TrackingStore {
  plays: PlayStore;
  series: SeriesStore;
  films: FilmStore;
  calendar: CalendarStore;
  inbox: InboxStore;
  summaries: SummaryStore;
  /** The names and posters of a page of plays. */
  playTitles: ReturnType<typeof createPlayTitles>;
  /** Runs `fn` in one transaction (nested calls join the outer one). */
  transaction<T>(fn: () => T): T;
}

export function createTrackingStore(db: Database.Database): TrackingStore {
  return {
    plays: createPlayStore(db),
    series: createSeriesStore(db),
    films: createFilmStore(db),
    calendar: createCalendarStore(db),
    inbox: createInboxStore(db),
    summaries: createSummaryStore(db),
    playTitles: createPlayTitles(db),
    transaction: (fn) => db.transaction(fn)(),
  };
}
