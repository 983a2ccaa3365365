import type Database from 'better-sqlite3';
import type { ServerKind } from '../types';

/** A viewing waiting for the user to name its TMDB title. */
export interface ReviewRow {
  id: number;
  serverId: string;
  serverKind: ServerKind;
  serverName: string;
  account: string;
  itemKey: string;
  mediaType: 'movie' | 'episode';
  title: string | null;
  year: number | null;
  season: number | null;
  episode: number | null;
  watchedAt: number | null;
  reason: string;
  createdAt: number;
}

export interface ReviewStore {
  add(row: Omit<ReviewRow, 'id'>): number;
  list(): ReviewRow[];
  get(id: number): ReviewRow | null;
  remove(id: number): void;
}

/** One external id and what TMDB answered for it; `tmdbId` null: TMDB knows none. */
export interface KnownId {
  mediaType: 'movie' | 'episode' | 'tv' | null;
  tmdbId: number | null;
  season: number | null;
  episode: number | null;
  resolvedAt: number;
}

export interface IdStore {
  get(source: string, externalId: string): KnownId | null;
  put(source: string, externalId: string, known: KnownId): void;
}

const SELECT_REVIEW = `SELECT id, server_id AS serverId, server_kind AS serverKind,
  server_name AS serverName, account, item_key AS itemKey, media_type AS mediaType, title, year,
  season, episode, watched_at AS watchedAt, reason, created_at AS createdAt FROM capture_review`;

export function createReviewStore(db: Database.Database): ReviewStore {
  const add = db.prepare(
    `INSERT INTO capture_review (server_id, server_kind, server_name, account, item_key,
       media_type, title, year, season, episode, watched_at, reason, created_at)
     VALUES (@serverId, @serverKind, @serverName, @account, @itemKey, @mediaType, @title, @year,
       @season, @episode, @watchedAt, @reason, @createdAt)`,
  );
  const list = db.prepare(`${SELECT_REVIEW} ORDER BY created_at DESC, id DESC LIMIT 500`);
  const get = db.prepare(`${SELECT_REVIEW} WHERE id = ?`);
  const remove = db.prepare('DELETE FROM capture_review WHERE id = ?');
  return {
    add: (row) => Number(add.run(row).lastInsertRowid),
    list: () => list.all() as ReviewRow[],
    get: (id) => (get.get(id) as ReviewRow | undefined) ?? null,
    remove: (id) => {
      remove.run(id);
    },
  };
}

export function createIdStore(db: Database.Database): IdStore {
  const get = db.prepare(
    `SELECT media_type AS mediaType, tmdb_id AS tmdbId, season, episode, resolved_at AS resolvedAt
     FROM capture_ids WHERE source = ? AND external_id = ?`,
  );
  const put = db.prepare(
    `INSERT OR REPLACE INTO capture_ids
       (source, external_id, media_type, tmdb_id, season, episode, resolved_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    get: (source, externalId) => (get.get(source, externalId) as KnownId | undefined) ?? null,
    put: (source, externalId, k) => {
      put.run(source, externalId, k.mediaType, k.tmdbId, k.season, k.episode, k.resolvedAt);
    },
  };
}
