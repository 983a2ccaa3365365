import type Database from 'better-sqlite3';
import type { CandidateSummary, Kind, SeedLists } from '../types';

/** What the picks read of the cache: TMDB's lists and credits as they were stored. */
export interface PicksCache {
  /** The recommendations and similar titles cached for a title, or null when none are. */
  lists(kind: Kind, id: number): SeedLists | null;
  /** The directors or creators and top-billed cast of a title whose details are cached. */
  peopleOf(kind: Kind, id: number): number[] | null;
  /** A title's name as the cache knows it. */
  name(kind: Kind, id: number): string | null;
  /** The most popular titles the cache holds, most popular first. */
  popular(limit: number): CandidateSummary[];
  /** Changes whenever a response is stored (the newest one's time): the cache has more to say. */
  stamp(): number;
  /** These titles as the cache knows them, in order; unknown ones are left out. */
  summaries(refs: ReadonlyArray<{ kind: Kind; id: number }>): CandidateSummary[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const posInt = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null;

/** One item of a TMDB list, or null when it cannot be read (one bad item never spoils a list). */
export function summaryOf(item: unknown, fallback: Kind): CandidateSummary | null {
  if (!isObj(item)) return null;
  const id = posInt(item.id);
  const kind =
    item.media_type === 'movie' || item.media_type === 'tv'
      ? item.media_type
      : item.media_type === undefined || item.media_type === null
        ? fallback
        : null;
  if (id === null || kind === null) return null;
  const genres = Array.isArray(item.genre_ids)
    ? item.genre_ids.filter((g): g is number => posInt(g) !== null).slice(0, 20)
    : [];
  return {
    kind,
    id,
    title:
      str(kind === 'movie' ? item.title : item.name) ??
      str(item.title) ??
      str(item.name) ??
      str(kind === 'movie' ? item.original_title : item.original_name),
    posterPath: str(item.poster_path),
    date: str(kind === 'movie' ? item.release_date : item.first_air_date),
    genres,
    voteAverage: num(item.vote_average),
    voteCount: num(item.vote_count),
    popularity: num(item.popularity),
    adult: item.adult === true,
  };
}

const listOf = (part: unknown, fallback: Kind): CandidateSummary[] => {
  const results = isObj(part) && Array.isArray(part.results) ? part.results : [];
  return results.map((r) => summaryOf(r, fallback)).filter((c) => c !== null);
};

function peopleIn(body: Obj, kind: Kind): number[] {
  const credits = isObj(body.credits) ? body.credits : {};
  const ids = (list: unknown, keep: (p: Obj) => boolean): number[] =>
    (Array.isArray(list) ? list : [])
      .filter(isObj)
      .filter(keep)
      .map((p) => posInt(p.id))
      .filter((p) => p !== null);
  const cast = ids(credits.cast, () => true).slice(0, 3);
  const makers =
    kind === 'movie'
      ? ids(credits.crew, (p) => p.job === 'Director')
      : ids(body.created_by, () => true);
  return [...new Set([...makers, ...cast])];
}

/** What one cached response holds for the picks, read once per stored copy. */
interface Parsed {
  at: number;
  recommendations: CandidateSummary[];
  similar: CandidateSummary[];
  people: number[] | null;
  /** The title's own name, from its details. */
  name: string | null;
}

const PART =
  /^GET \/3\/(movie|tv)\/(\d+)(\/recommendations|\/similar)?(\?([^ ]*))?( @account=\S+)?$/;
/** Responses read and kept between calls (the worker keeps them while it runs). */
const KEPT_MAX = 20_000;

export function createPicksCache(db: Database.Database): PicksCache {
  // The primary key (key, scope) serves the prefix range; public data only.
  // Details are kept per account (they may carry its state): every scope counts, as the cache
  // holds only the signed-in person's (sign-out clears the others).
  const rows = db.prepare<[string, string], { key: string; scope: string; at: number }>(
    `SELECT key, scope, fetched_at AS at FROM http_responses
     WHERE key >= ? AND key < ? || char(1114111)`,
  );
  const body = db
    .prepare<[string, string], string>(
      'SELECT body FROM http_responses WHERE key = ? AND scope = ?',
    )
    .pluck();
  const name = db
    .prepare<[Kind, number], string>('SELECT title FROM titles WHERE kind = ? AND id = ?')
    .pluck();
  const titleRow = db.prepare<[Kind, number], Obj>(
    'SELECT * FROM titles WHERE kind = ? AND id = ?',
  );
  const popular = db.prepare<[number], Obj>(
    `SELECT * FROM titles WHERE detail_level >= 1 AND popularity IS NOT NULL
     ORDER BY popularity DESC, kind, id LIMIT ?`,
  );
  const newest = db
    .prepare<[], number | null>('SELECT max(fetched_at) FROM http_responses')
    .pluck();
  const kept = new Map<string, Parsed>();

  const parsed = (
    row: { key: string; scope: string; at: number },
    kind: Kind,
    part: string | undefined,
  ): Parsed | null => {
    const { key, scope, at } = row;
    const id = `${scope}\u0000${key}`;
    const hit = kept.get(id);
    if (hit !== undefined && hit.at === at) return hit;
    let value: unknown;
    try {
      value = JSON.parse(body.get(key, scope) ?? 'null');
    } catch {
      return null;
    }
    if (!isObj(value)) return null;
    const out: Parsed =
      part === undefined
        ? {
            at,
            recommendations: listOf(value.recommendations, kind),
            similar: listOf(value.similar, kind),
            people:
              isObj(value.credits) || Array.isArray(value.created_by)
                ? peopleIn(value, kind)
                : null,
            name: str(kind === 'movie' ? value.title : value.name),
          }
        : {
            at,
            recommendations: part === '/recommendations' ? listOf(value, kind) : [],
            similar: part === '/similar' ? listOf(value, kind) : [],
            people: null,
            name: null,
          };
    if (kept.size >= KEPT_MAX) kept.clear();
    kept.set(id, out);
    return out;
  };

  /** The cached responses about one title, read. */
  const about = (kind: Kind, id: number): Array<Parsed & { part: string | undefined }> => {
    const out: Array<Parsed & { part: string | undefined }> = [];
    // The title's own responses: its details (`…/603?…`) and its lists (`…/603/similar?…`),
    // two narrow ranges of the key, never the other ids that start with the same digits.
    const base = `GET /3/${kind}/${String(id)}`;
    for (const row of [...rows.all(`${base}?`, `${base}?`), ...rows.all(`${base}/`, `${base}/`)]) {
      const match = PART.exec(row.key);
      if (match?.[2] !== String(id)) continue;
      // Later pages of a list rank below its first: only the first is read.
      if (/(^|&)page=(?!1(&|$))/.test(match[5] ?? '')) continue;
      const read = parsed(row, kind, match[3]);
      if (read !== null) out.push({ ...read, part: match[3] });
    }
    return out;
  };

  const fromRow = (row: Obj): CandidateSummary | null => {
    const kind = row.kind === 'tv' ? 'tv' : 'movie';
    let genres: unknown;
    try {
      genres = JSON.parse(typeof row.genre_ids === 'string' ? row.genre_ids : '[]');
    } catch {
      genres = [];
    }
    return summaryOf(
      {
        id: row.id,
        media_type: kind,
        [kind === 'movie' ? 'title' : 'name']: row.title,
        poster_path: row.poster_path,
        [kind === 'movie' ? 'release_date' : 'first_air_date']: row.date,
        genre_ids: genres,
        vote_average: row.vote_average,
        vote_count: row.vote_count,
        popularity: row.popularity,
        adult: row.adult === 1,
      },
      kind,
    );
  };

  return {
    lists(kind, id) {
      const found = about(kind, id).filter((p) => p.recommendations.length + p.similar.length > 0);
      if (found.length === 0) return null;
      const merge = (lists: CandidateSummary[][]): CandidateSummary[] => {
        const seen = new Set<string>();
        return lists.flat().filter((c) => {
          const key = `${c.kind}:${c.id}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      };
      return {
        recommendations: merge(found.map((p) => p.recommendations)),
        similar: merge(found.map((p) => p.similar)),
      };
    },
    peopleOf(kind, id) {
      const details = about(kind, id).find((p) => p.part === undefined && p.people !== null);
      return details?.people ?? null;
    },
    name: (kind, id) =>
      name.get(kind, id) ?? about(kind, id).find((p) => p.name !== null)?.name ?? null,
    stamp: () => newest.get() ?? 0,
    popular: (limit) =>
      popular
        .all(limit)
        .map(fromRow)
        .filter((c) => c !== null),
    summaries: (refs) =>
      refs
        .map((ref) => titleRow.get(ref.kind, ref.id))
        .filter((row) => row !== undefined)
        .map(fromRow)
        .filter((c) => c !== null),
  };
}
