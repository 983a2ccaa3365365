import type { Migration } from '../../migrate';

/**
 * Where titles stream: for each title whose watch providers a response carried (details with
 * `watch/providers` appended, or the standalone `/movie|tv/{id}/watch/providers`), every offer
 * by subscription (`flatrate`), free, or free with ads, per region. `availability_seen` says a
 * title's providers are known at all (a title seen with no offers anywhere has no offer rows):
 * a title missing from it is unknown, not "nowhere". Each response replaces the title's rows.
 * The answers already cached are read into it once, here.
 */
export const cache005: Migration = {
  version: 5,
  name: 'availability',
  up(db) {
    db.exec(`
      CREATE TABLE availability_seen (
        kind TEXT NOT NULL CHECK (kind IN ('movie', 'tv')),
        id INTEGER NOT NULL,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
      ) WITHOUT ROWID;

      CREATE TABLE availability (
        kind TEXT NOT NULL CHECK (kind IN ('movie', 'tv')),
        id INTEGER NOT NULL,
        region TEXT NOT NULL,
        provider_id INTEGER NOT NULL,
        offer TEXT NOT NULL CHECK (offer IN ('flatrate', 'free', 'ads')),
        provider_name TEXT,
        logo_path TEXT,
        display_priority INTEGER,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (kind, id, region, provider_id, offer)
      ) WITHOUT ROWID;

      -- Which titles stream on a provider in a region (arrivals, "on my services" lists).
      CREATE INDEX availability_by_provider ON availability (region, provider_id, kind, id);

      -- The titles written, in order (the newest 10,000 are kept; numbers are never reused): a
      -- reader that holds the index in memory reads again only the titles written since it looked.
      CREATE TABLE availability_log (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        id INTEGER NOT NULL
      );
    `);
    db.exec(BACKFILL);
  },
};

/**
 * The answers the cache already holds feed the index once, as the ingest would have: for each
 * title, its newest cached details (with `watch/providers` appended) or standalone providers
 * answer. Unreadable bodies, bad regions and providers without an id are skipped; names that are
 * not a short line and logos that are not a file path are left out.
 */
const BACKFILL = `
  CREATE TEMP TABLE availability_source AS
  WITH answers AS (
    SELECT
      CASE WHEN key LIKE 'GET /3/movie/%' THEN 'movie' ELSE 'tv' END AS kind,
      CASE WHEN key LIKE 'GET /3/movie/%' THEN substr(key, 14) ELSE substr(key, 11) END AS rest,
      body, fetched_at
    FROM http_responses
    WHERE (key LIKE 'GET /3/movie/%' OR key LIKE 'GET /3/tv/%') AND json_valid(body)
  ),
  parsed AS (
    SELECT kind, CAST(rest AS INTEGER) AS id, fetched_at,
      CASE
        WHEN substr(rest, length(CAST(CAST(rest AS INTEGER) AS TEXT)) + 1) LIKE '/watch/providers%'
          THEN json_extract(body, '$.results')
        WHEN substr(rest, length(CAST(CAST(rest AS INTEGER) AS TEXT)) + 1) GLOB '[?]*'
          OR substr(rest, length(CAST(CAST(rest AS INTEGER) AS TEXT)) + 1) = ''
          THEN json_extract(body, '$."watch/providers".results')
      END AS results
    FROM answers
    WHERE rest GLOB '[1-9]*'
  ),
  ranked AS (
    SELECT *, row_number() OVER (PARTITION BY kind, id ORDER BY fetched_at DESC) AS n
    FROM parsed
    WHERE json_type(results) = 'object'
  )
  SELECT kind, id, fetched_at, results FROM ranked WHERE n = 1;

  INSERT OR IGNORE INTO availability_seen (kind, id, seen_at)
  SELECT kind, id, fetched_at FROM availability_source;

  INSERT OR IGNORE INTO availability
    (kind, id, region, provider_id, offer, provider_name, logo_path, display_priority, seen_at)
  SELECT s.kind, s.id, r.key, json_extract(p.value, '$.provider_id'), o.offer,
    CASE WHEN length(trim(json_extract(p.value, '$.provider_name'))) BETWEEN 1 AND 200
      AND typeof(json_extract(p.value, '$.provider_name')) = 'text'
      THEN trim(json_extract(p.value, '$.provider_name')) END,
    CASE WHEN json_extract(p.value, '$.logo_path') GLOB '/?*'
      AND length(json_extract(p.value, '$.logo_path')) <= 201
      AND NOT substr(json_extract(p.value, '$.logo_path'), 2) GLOB '*[^A-Za-z0-9_.-]*'
      THEN json_extract(p.value, '$.logo_path') END,
    CASE WHEN typeof(json_extract(p.value, '$.display_priority')) = 'integer'
      THEN json_extract(p.value, '$.display_priority') END,
    s.fetched_at
  FROM availability_source s
  JOIN json_each(s.results) r ON r.key GLOB '[A-Z][A-Z]' AND r.type = 'object'
  JOIN (SELECT 'flatrate' AS offer UNION ALL SELECT 'free' UNION ALL SELECT 'ads') o
  JOIN json_each(r.value, '$.' || o.offer) p ON p.type = 'object'
  WHERE typeof(json_extract(p.value, '$.provider_id')) = 'integer'
    AND json_extract(p.value, '$.provider_id') > 0;

  DROP TABLE availability_source;
`;
