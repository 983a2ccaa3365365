import type Database from 'better-sqlite3';
import { PICK_HIDDEN_PREFIX } from '../../../src-shared/ipc/contract/picks';
import { createPreferenceStore } from '../../changes/store/preferences';
import { decadeOf } from '../rank';
import { refKey, type Kind, type TitleTraits, type WatchedTitle } from '../types';

/** What the picks read of the library: the history, ratings, hidden titles and known traits. */
export interface PicksHistory {
  /** Every watched or rated film and series, with its plays, latest play and rating. */
  watched(): WatchedTitle[];
  /** Hidden series and titles the person said they are not interested in, as `refKey`s. */
  excluded(): Set<string>;
  /** Genres, decade and people of the watched titles whose facts Marquee keeps. */
  traits(): Map<string, TitleTraits>;
}

interface WatchedRow {
  kind: Kind;
  id: number;
  plays: number;
  episodes: number;
  lastAt: number | null;
  rating: number | null;
  title: string | null;
}

/** How many of a title's top-billed cast count towards the person's taste. */
const CAST_COUNTED = 3;

export function createPicksHistory(db: Database.Database): PicksHistory {
  // Watched titles (their totals), then rated titles never marked watched (rated on TMDB).
  const watched = db.prepare<[], WatchedRow>(`
    SELECT t.media_type AS kind, t.media_id AS id, t.plays AS plays, t.episodes AS episodes,
      t.last_at AS lastAt, r.rating AS rating,
      coalesce(f.title, s.name, m.title, i.title) AS title
    FROM play_totals t
    LEFT JOIN collection_entries r ON r.collection = 'rated' AND r.media_type = t.media_type
      AND r.media_id = t.media_id AND r.season_number = -1 AND r.episode_number = -1
    LEFT JOIN title_facts f ON f.media_type = t.media_type AND f.media_id = t.media_id
    LEFT JOIN tracked_series s ON t.media_type = 'tv' AND s.series_id = t.media_id
    LEFT JOIN tracked_films m ON t.media_type = 'movie' AND m.movie_id = t.media_id
    LEFT JOIN item_summaries i ON i.media_type = t.media_type AND i.media_id = t.media_id
    WHERE t.plays > 0
    UNION ALL
    SELECT r.media_type, r.media_id, 0, 0, r.added_at, r.rating,
      coalesce(f.title, i.title)
    FROM collection_entries r
    LEFT JOIN title_facts f ON f.media_type = r.media_type AND f.media_id = r.media_id
    LEFT JOIN item_summaries i ON i.media_type = r.media_type AND i.media_id = r.media_id
    WHERE r.collection = 'rated' AND r.media_type IN ('movie', 'tv') AND r.rating IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM play_totals t
        WHERE t.media_type = r.media_type AND t.media_id = r.media_id AND t.plays > 0)`);
  const hiddenSeries = db
    .prepare<[], number>('SELECT series_id FROM tracked_series WHERE hidden = 1')
    .pluck();
  const preferences = createPreferenceStore(db);
  const facts = db
    .prepare<[], [Kind, number, string | null]>(
      'SELECT media_type, media_id, release_date FROM title_facts WHERE fetched_at IS NOT NULL',
    )
    .raw();
  const genres = db
    .prepare<[], [Kind, number, number]>('SELECT media_type, media_id, genre_id FROM title_genres')
    .raw();
  const people = db
    .prepare<[number], [Kind, number, number]>(
      `SELECT media_type, media_id, person_id FROM title_people
       WHERE role = 'director' OR billing < ?`,
    )
    .raw();

  // What this connection has seen committed, by itself (total_changes) or by another
  // (data_version): while both stay, the history and traits read last are still the library's.
  const version = db
    .prepare<[], [number, number]>('SELECT data_version, total_changes() FROM pragma_data_version')
    .raw();
  const versionOf = (): string => (version.get() ?? []).join(':');
  const kept = <T>(read: () => T): (() => T) => {
    let last: { at: string; value: T } | null = null;
    return () => {
      const at = versionOf();
      if (last === null || last.at !== at) last = { at, value: read() };
      return last.value;
    };
  };

  return {
    watched: kept(() =>
      watched.all().map((row) => ({
        ...row,
        rating:
          row.rating !== null && Number.isFinite(row.rating)
            ? Math.min(10, Math.max(0.5, row.rating))
            : null,
      })),
    ),
    excluded() {
      const out = new Set<string>();
      for (const id of hiddenSeries.all()) out.add(refKey('tv', id));
      for (const { key, value } of preferences.entries(PICK_HIDDEN_PREFIX)) {
        const match = /^picks\.hidden:(movie|tv):(\d+)$/.exec(key);
        if (match?.[1] && match[2] && value === 'true')
          out.add(refKey(match[1] as Kind, Number(match[2])));
      }
      return out;
    },
    traits: kept(() => {
      const out = new Map<string, { genres: number[]; decade: number | null; people: number[] }>();
      const entry = (kind: Kind, id: number) => {
        const key = refKey(kind, id);
        let kept = out.get(key);
        if (kept === undefined) {
          kept = { genres: [], decade: null, people: [] };
          out.set(key, kept);
        }
        return kept;
      };
      for (const [kind, id, date] of facts.iterate()) entry(kind, id).decade = decadeOf(date);
      for (const [kind, id, genre] of genres.iterate()) entry(kind, id).genres.push(genre);
      for (const [kind, id, person] of people.iterate(CAST_COUNTED))
        entry(kind, id).people.push(person);
      return out;
    }),
  };
}
