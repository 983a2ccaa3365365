import type Database from 'better-sqlite3';
import { foldForIndex } from '../../../src-shared/search/fold';
import { SEARCH_ROWID_ID_BITS } from '../../db/migrations/cache/003_search_by_popularity';

export type SearchKind = 'movie' | 'tv' | 'person';

export interface LocalSearchOptions {
  kinds?: readonly SearchKind[];
  limit?: number;
  offset?: number;
}

export interface LocalSearchHit {
  kind: SearchKind;
  id: number;
  name: string;
  originalName: string | null;
  imagePath: string | null;
  date: string | null;
  popularity: number | null;
}

export interface LocalSearchSettings {
  /**
   * How many matches, most popular first, are re-ranked together by how well their text matches.
   * Larger finds an exact but obscure title among more popular ones; smaller is faster.
   */
  window?: number;
}

const KIND_CODE: Record<SearchKind, number> = { movie: 0, tv: 1, person: 2 };
const KINDS: readonly SearchKind[] = ['movie', 'tv', 'person'];
const MAX_LIMIT = 100;
const DEFAULT_WINDOW = 200;
export const MAX_TOKENS = 16;
const ID_MASK = `${2 ** SEARCH_ROWID_ID_BITS - 1}`;

/** Anything but printable ASCII and whitespace takes the Unicode path. */
const NON_ASCII = /[^ -~\t\n\r]/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** Splits text into the words the index holds, the way the search reads what the user typed. */
export function tokens(input: string): string[] {
  return input
    .normalize('NFKC')
    .split(SEPARATORS)
    .filter((t) => t.length > 0);
}

/**
 * The words of a name in lower case without diacritics, like the index's `unicode61
 * remove_diacritics 2`. Plain ASCII, most names, skips Unicode normalization: this runs for every
 * candidate of every keystroke.
 */
export function foldedWords(text: string): string[] {
  const words = NON_ASCII.test(text)
    ? foldForIndex(text).split(SEPARATORS)
    : text.toLowerCase().split(ASCII_SEPARATORS);
  return words.filter((w) => w.length > 0);
}

/**
 * Turns what the user typed into an FTS5 query that cannot be misread as FTS syntax: every token
 * is double-quoted (quotes inside doubled), and the last one becomes a prefix query so results
 * appear while typing. Returns null when nothing searchable is left.
 */
export function toFtsQuery(input: string): string | null {
  const words = tokens(input).slice(0, MAX_TOKENS);
  if (words.length === 0) return null;
  return words
    .map((t, i) => `"${t.replaceAll('"', '""')}"${i === words.length - 1 ? '*' : ''}`)
    .join(' ');
}

/**
 * How well a name matches the query, best first: 0 the whole name (the last word may still be
 * being typed), 1 the name starts with the query, 2 the name holds every word, 3 anything else
 * the index matched (the original title, another known name).
 */
export function matchClass(name: string, query: readonly string[]): number {
  const words = foldedWords(name);
  const last = query.length - 1;
  const fits = (word: string, i: number): boolean =>
    i === last ? word.startsWith(query[i] ?? '') : word === query[i];
  let inOrder = words.length > last;
  for (let i = 0; inOrder && i <= last; i++) inOrder = fits(words[i] ?? '', i);
  if (inOrder) return words.length === query.length ? 0 : 1;
  for (let i = 0; i <= last; i++) {
    if (!words.some((w) => fits(w, i))) return 3;
  }
  return 2;
}

/** One match of a window: its index rowid, what ranking needs, and where its row is. */
type Candidate = [doc: number, code: number, id: number, name: string, popularity: number | null];
interface WindowParams {
  query: string;
  skip: number;
}
type WindowStatement = Database.Statement<WindowParams, Candidate>;

/** Best text match first, then the most popular, then (for a stable order) the higher rowid. */
function rank(candidates: Candidate[], words: readonly string[]): Candidate[] {
  const scored = candidates.map((c) => ({ c, score: matchClass(c[3], words) }));
  scored.sort((a, b) => a.score - b.score || (b.c[4] ?? 0) - (a.c[4] ?? 0) || b.c[0] - a.c[0]);
  return scored.map((s) => s.c);
}

/**
 * Offline search over every title and person the cache has seen.
 *
 * The index's rowids sort by popularity (migration 003), so FTS5 walks the matches most popular
 * first and stops after one window of them; only that window is ranked, by how well the name
 * matches, then by popularity, and only the page asked for is read in full. Ranking every match
 * instead (bm25 over all of them, then a sort) cost tens of milliseconds for a short query over
 * a million titles.
 *
 * The order is fixed window by window: results 0-199 are the 200 most popular matches ranked,
 * 200-399 the next 200, and so on, so any `offset` gives the same slice of one stable order.
 */
export function createLocalSearch(
  db: Database.Database,
  settings: LocalSearchSettings = {},
): (query: string, options?: LocalSearchOptions) => LocalSearchHit[] {
  const window = Math.max(MAX_LIMIT, Math.trunc(settings.window ?? DEFAULT_WINDOW));
  const title = db.prepare<[string, number], LocalSearchHit>(`
    SELECT kind, id, title AS name, original_title AS originalName, poster_path AS imagePath, date, popularity
    FROM titles WHERE kind = ? AND id = ?`);
  const person = db.prepare<[number], LocalSearchHit>(`
    SELECT 'person' AS kind, id, name, original_name AS originalName, profile_path AS imagePath,
      NULL AS date, popularity
    FROM people WHERE id = ?`);
  const statements = new Map<string, WindowStatement>();
  const windowOf = (kinds: readonly SearchKind[]): WindowStatement => {
    const codes = [...new Set(kinds.map((k) => KIND_CODE[k]))].sort();
    const cacheKey = codes.join(',');
    let statement = statements.get(cacheKey);
    if (!statement) {
      // The candidates are a co-routine: FTS5 yields rowids in descending order, stops at the LIMIT.
      statement = db
        .prepare<WindowParams, Candidate>(
          `
        WITH candidates AS (
          SELECT rowid AS doc, rowid & 3 AS code, (rowid & ${ID_MASK}) >> 2 AS id FROM search_fts
          WHERE search_fts MATCH @query AND (rowid & 3) IN (${cacheKey})
          ORDER BY rowid DESC LIMIT ${window} OFFSET @skip
        )
        SELECT c.doc, c.code, c.id, coalesce(t.title, p.name), coalesce(t.popularity, p.popularity)
        FROM candidates c
        LEFT JOIN titles t
          ON c.code < 2 AND t.kind = (CASE c.code WHEN 0 THEN 'movie' ELSE 'tv' END) AND t.id = c.id
        LEFT JOIN people p ON c.code = 2 AND p.id = c.id
        -- A guard only: triggers change the index in the same transaction as titles and people.
        WHERE coalesce(t.title, p.name) IS NOT NULL`,
        )
        .raw();
      statements.set(cacheKey, statement);
    }
    return statement;
  };
  const hitOf = ([, code, id]: Candidate): LocalSearchHit | undefined =>
    code === 2 ? person.get(id) : title.get(code === 0 ? 'movie' : 'tv', id);

  return (query, options = {}) => {
    const fts = toFtsQuery(query);
    if (fts === null) return [];
    const kinds = options.kinds && options.kinds.length > 0 ? options.kinds : KINDS;
    const limit = Math.min(Math.max(1, Math.trunc(options.limit ?? 20)), MAX_LIMIT);
    const offset = Math.max(0, Math.trunc(options.offset ?? 0));
    const words = foldedWords(tokens(query).slice(0, MAX_TOKENS).join(' '));
    const statement = windowOf(kinds);
    const first = Math.floor(offset / window);
    const last = Math.floor((offset + limit - 1) / window);
    const ranked: Candidate[] = [];
    for (let block = first; block <= last; block++) {
      ranked.push(...rank(statement.all({ query: fts, skip: block * window }), words));
    }
    const start = offset - first * window;
    return ranked
      .slice(start, start + limit)
      .map(hitOf)
      .filter((hit) => hit !== undefined);
  };
}
