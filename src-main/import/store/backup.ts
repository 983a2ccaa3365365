import type Database from 'better-sqlite3';
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
  kind: 'episode' | 'release';
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
 * The backup's reads and merges of the tracking tables that have no write path of their own
 * (series settings, the inbox). Plays go through the tracking domain; the library through its
 * outbox.
 */
export interface BackupStore {
  seriesSettings(): SeriesSettingsRow[];
  inbox(): InboxRow[];
  /** Sets each series' settings; returns how many rows changed. */
  mergeSeriesSettings(rows: readonly SeriesSettingsRow[], now: number): number;
  /** Adds items whose key is new, and marks read what the backup read; returns the changes. */
  mergeInbox(rows: readonly InboxRow[]): { added: number; read: number };
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
  const ensure = db.prepare(
    'INSERT OR IGNORE INTO tracked_series (series_id, created_at, updated_at) VALUES (?, ?, ?)',
  );
  const setSeries = db.prepare(
    `UPDATE tracked_series SET follow = @follow, include_specials = @inc, hidden = @hid,
       snoozed_until = @snoozed, updated_at = @now
     WHERE series_id = @id AND (follow IS NOT @follow OR include_specials IS NOT @inc
       OR hidden IS NOT @hid OR snoozed_until IS NOT @snoozed)`,
  );
  const addInbox = db.prepare(
    `INSERT OR IGNORE INTO inbox (dedupe_key, kind, media_id, season_number, episode_number,
       release_type, title, body, occurred_at, created_at, read_at, os_notified_at)
     VALUES (@key, @kind, @mediaId, @season, @episode, @releaseType, @title, @body, @occurredAt,
       @createdAt, @readAt, @createdAt)`,
  );
  const readInbox = db.prepare(
    'UPDATE inbox SET read_at = ? WHERE dedupe_key = ? AND read_at IS NULL',
  );
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
    mergeSeriesSettings: (rows, now) =>
      db.transaction(() => {
        let changed = 0;
        for (const r of rows) {
          ensure.run(r.seriesId, now, now);
          changed += setSeries.run({
            id: r.seriesId,
            follow: r.follow,
            inc: r.includeSpecials ? 1 : 0,
            hid: r.hidden ? 1 : 0,
            snoozed: r.snoozedUntil,
            now,
          }).changes;
        }
        return changed;
      })(),
    mergeInbox: (rows) =>
      db.transaction(() => {
        let added = 0;
        let read = 0;
        for (const r of rows) {
          const inserted = addInbox.run(r).changes;
          added += inserted;
          if (inserted === 0 && r.readAt !== null) read += readInbox.run(r.readAt, r.key).changes;
        }
        return { added, read };
      })(),
    transaction: (fn) => db.transaction(fn)(),
  };
}
