import type Database from 'better-sqlite3';
import { createPreferenceStore } from '../../changes/store/preferences';
import { plainText } from '../../../src-shared/text/bound';
import { TEXT_LIMITS } from '../../../src-shared/text/limits';

/** A followed or tuned series as a backup keeps it. */
export interface SeriesSettingsRow {
  seriesId: number;
  follow: 'none' | 'follow' | 'unfollow';
  includeSpecials: boolean;
  hidden: boolean;
  snoozedUntil: number | null;
}

/** An inbox item as a backup keeps it (its key makes a merge idempotent). */
export interface InboxRow {
  key: string;
  kind: 'episode' | 'release' | 'arrival';
  mediaId: number;
  season: number | null;
  episode: number | null;
  releaseType: number | null;
  title: string;
  body: string;
  occurredAt: string;
  createdAt: number;
  readAt: number | null;
}

/**
 * The backup's reads of the tracking tables it copies whole (series settings, the inbox).
 * Restoring writes through the tracking domain (its change path), the library through its outbox.
 */
export interface BackupStore {
  seriesSettings(): SeriesSettingsRow[];
  inbox(): InboxRow[];
  /** Every preference, by key, its value read back from JSON. */
  preferences(): Array<{ key: string; value: unknown }>;
  transaction<T>(fn: () => T): T;
}

export function createBackupStore(db: Database.Database): BackupStore {
  const series = db.prepare<
    [],
    {
      seriesId: number;
      follow: SeriesSettingsRow['follow'];
      inc: number;
      hid: number;
      snoozed: number | null;
    }
  >(
    `SELECT series_id AS seriesId, follow, include_specials AS inc, hidden AS hid, snoozed_until AS snoozed
     FROM tracked_series
     WHERE follow <> 'none' OR include_specials = 1 OR hidden = 1 OR snoozed_until IS NOT NULL
     ORDER BY series_id`,
  );
  const inbox = db.prepare<[], InboxRow>(
    `SELECT dedupe_key AS key, kind, media_id AS mediaId, season_number AS season,
       episode_number AS episode, release_type AS releaseType, title, body,
       occurred_at AS occurredAt, created_at AS createdAt, read_at AS readAt
     FROM inbox ORDER BY dedupe_key`,
  );
  const preferences = createPreferenceStore(db);
  return {
    seriesSettings: () =>
      series.all().map((r) => ({
        seriesId: r.seriesId,
        follow: r.follow,
        includeSpecials: r.inc === 1,
        hidden: r.hid === 1,
        snoozedUntil: r.snoozed,
      })),
    // Items stored before their text was bounded are backed up as the inbox reads them.
    inbox: () =>
      inbox.all().map((r) => ({
        ...r,
        title: plainText(r.title, TEXT_LIMITS.inboxTitle),
        body: plainText(r.body, TEXT_LIMITS.inboxBody),
      })),
    preferences: () =>
      preferences.entries('').map((r) => ({ key: r.key, value: JSON.parse(r.value) as unknown })),
    transaction: (fn) => db.transaction(fn)(),
  };
}
