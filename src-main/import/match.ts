import type { MatchCandidate } from '../../src-shared/ipc/contract';
import { matchTvdb, type TvdbMemo } from './match-tvdb';
import type { SourceRef } from './rows';

/**
 * Matching a source row to a TMDB title. The rules, in order (docs/architecture.md repeats them):
 *
 * 1. A TMDB id is used as it is (the source's type says film or series; unknown means film, as
 *    Letterboxd's ids are films). The local cache names it when it knows it.
 * 2. An IMDb id goes through TMDB's find endpoint: one result of the source's type is a match;
 *    several need review; none falls through to the title.
 * 3. A title (and year) is searched in the local cache first, then TMDB's film or series search
 *    (the source's type decides; unknown searches both). Titles are compared normalised: case,
 *    accents, punctuation, "&"/"and" and a leading article do not count, and the original title
 *    counts as much as the translated one.
 *    - exactly one candidate with the same title and the same year: matched;
 *    - none with the same year, exactly one with the same title a year off: matched, noted
 *      "year off by one" (release years differ between countries and festivals);
 *    - no year in the source and exactly one candidate with the same title: matched, but only
 *      on TMDB's answer (the cache holds some of the titles of a name, so alone it never decides
 *      a row without a year: the match must not depend on what else the file or cache held);
 *    - several candidates with the same title (and year): needs review;
 *    - candidates, none with the same title (or the same title years apart): needs review;
 *    - no candidate at all: unmatched, with the reason.
 *    Candidates offered for review must resemble the row (shared title words, a year near it).
 * 4. When TMDB could not be asked and the cache does not decide, the row waits for TMDB
 *    (`waiting`): it is matched again when TMDB is reachable, never offered unrelated titles.
 */

export type MatchResult =
  | { state: 'matched'; chosen: MatchCandidate; note: string | null }
  | { state: 'review'; candidates: MatchCandidate[]; reason: string }
  | { state: 'unmatched'; reason: string }
  | { state: 'waiting'; reason: string };

export interface MatchSources {
  /**
   * Cached titles whose title or original title normalises to `normalised` (`normaliseTitle`),
   * from an index built once per job; null when the cache is too large to index that way.
   */
  exact?(normalised: string, kinds: readonly ('movie' | 'tv')[]): MatchCandidate[] | null;
  /** The local titles index (offline search over what the cache has seen). */
  local(title: string, kinds: readonly ('movie' | 'tv')[]): MatchCandidate[];
  /** The cached name of a TMDB title, when the cache knows it. */
  known(mediaType: 'movie' | 'tv', id: number): MatchCandidate | undefined;
  /** TMDB's film or series search, with the year when given. */
  search(
    mediaType: 'movie' | 'tv',
    title: string,
    year: number | undefined,
  ): Promise<MatchCandidate[]>;
  /** TMDB's find by IMDb id. */
  findImdb(imdbId: string): Promise<MatchCandidate[]>;
  /** TMDB's find by TheTVDB id: series, and episodes with TMDB's season and number. */
  findTvdb?: (tvdbId: number) => Promise<MatchCandidate[]>;
}

export const MAX_CANDIDATES = 5;

const ARTICLES = new Set([
  'the',
  'a',
  'an',
  'le',
  'la',
  'les',
  'l',
  'der',
  'die',
  'das',
  'el',
  'los',
  'las',
  'il',
  'lo',
  'gli',
]);

/** Normalised titles already worked out: an export names the same few series on every row. */
const normalised = new Map<string, string>();
const NORMALISED_KEPT = 20_000;

/** A title as the rules compare it: folded case and accents, no punctuation, no leading article. */
export function normaliseTitle(title: string): string {
  const known = normalised.get(title);
  if (known !== undefined) return known;
  const result = foldTitle(title);
  if (normalised.size >= NORMALISED_KEPT) normalised.clear();
  normalised.set(title, result);
  return result;
}

function foldTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  if (words.length > 1 && ARTICLES.has(words[0] ?? '')) words.shift();
  return words.join(' ');
}

/** An episode is placed by its IMDb id alone: its title names no series. */
const isEpisode = (c: MatchCandidate): boolean => c.episode !== undefined;

const kindsOf = (ref: SourceRef): ('movie' | 'tv')[] =>
  ref.mediaType === 'movie' ? ['movie'] : ref.mediaType === 'unknown' ? ['movie', 'tv'] : ['tv'];

/** "Heat (1995)", "tt0113277" or "TMDB 949": how the preview names a row. */
export function labelOf(ref: SourceRef): string {
  if (ref.title) return ref.year === undefined ? ref.title : `${ref.title} (${ref.year})`;
  if (ref.imdbId) return ref.imdbId;
  if (ref.tmdbId !== undefined) return `TMDB ${ref.tmdbId}`;
  return 'Untitled row';
}

/** The key under which identical lookups are shared (diary, ratings and watched name the same titles). */
export function lookupKey(ref: SourceRef): string {
  return JSON.stringify([
    ref.tmdbId ?? null,
    ref.imdbId?.toLowerCase() ?? null,
    ref.title === undefined ? null : normaliseTitle(ref.title),
    ref.originalTitle === undefined ? null : normaliseTitle(ref.originalTitle),
    ref.year ?? null,
    ref.mediaType === 'episode' ? 'tv' : ref.mediaType,
    ref.tvdbId ?? null,
    ref.tvdbEpisodeId ?? null,
  ]);
}

function dedupe(candidates: readonly MatchCandidate[]): MatchCandidate[] {
  const seen = new Set<string>();
  const out: MatchCandidate[] = [];
  for (const c of candidates) {
    const key = `${c.mediaType}:${c.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

const wordsOf = (title: string): string[] => normaliseTitle(title).split(' ').filter(Boolean);

/**
 * Whether a candidate looks like the row at all: at least half the words of the shorter title
 * appear in the other (so "Amélie" resembles "Le Fabuleux Destin d'Amélie Poulain" and not
 * "Fight Club"), and its year, when both are known, is within two of the row's.
 */
export function resembles(ref: SourceRef, c: MatchCandidate): boolean {
  if (ref.year !== undefined && c.year !== null && Math.abs(c.year - ref.year) > 2) return false;
  const names = [ref.title, ref.originalTitle].filter((t): t is string => !!t?.trim());
  const theirs = [c.title, c.originalTitle].filter((t): t is string => !!t?.trim());
  return names.some((name) => {
    const mine = new Set(wordsOf(name));
    return theirs.some((other) => {
      const words = new Set(wordsOf(other));
      const shared = [...mine].filter((w) => words.has(w)).length;
      const shorter = Math.min(mine.size, words.size);
      return shorter > 0 && shared * 2 >= shorter;
    });
  });
}

/** Applies the title rules to a set of candidates; null when they decide nothing (no candidates). */
export function classify(
  ref: SourceRef,
  candidates: readonly MatchCandidate[],
): MatchResult | null {
  const all = dedupe(candidates);
  if (all.length === 0) return null;
  const wanted = new Set(
    [ref.title, ref.originalTitle]
      .filter((t): t is string => t !== undefined && t.trim() !== '')
      .map(normaliseTitle),
  );
  const sameTitle = all.filter(
    (c) =>
      wanted.has(normaliseTitle(c.title)) ||
      (c.originalTitle != null && wanted.has(normaliseTitle(c.originalTitle))),
  );
  const rest = all.filter((c) => !sameTitle.includes(c) && resembles(ref, c));
  const label = labelOf(ref);
  if (ref.year === undefined) {
    const [only] = sameTitle;
    if (sameTitle.length === 1 && only) return { state: 'matched', chosen: only, note: null };
    if (sameTitle.length > 1)
      return {
        state: 'review',
        candidates: [...sameTitle, ...rest].slice(0, MAX_CANDIDATES),
        reason: `Several titles are called “${ref.title ?? label}” and the file gives no year.`,
      };
  } else {
    const year = ref.year;
    const exact = sameTitle.filter((c) => c.year === year);
    const near = sameTitle.filter((c) => c.year !== null && Math.abs(c.year - year) === 1);
    const [onlyExact] = exact;
    if (exact.length === 1 && onlyExact) return { state: 'matched', chosen: onlyExact, note: null };
    if (exact.length > 1)
      return {
        state: 'review',
        candidates: [...exact, ...near, ...rest].slice(0, MAX_CANDIDATES),
        reason: `Several titles are called “${label}”.`,
      };
    const [onlyNear] = near;
    if (near.length === 1 && onlyNear)
      return {
        state: 'matched',
        chosen: onlyNear,
        note: `Year off by one: TMDB says ${onlyNear.year ?? '?'}, the file says ${year}.`,
      };
    if (near.length > 1)
      return {
        state: 'review',
        candidates: [...near, ...rest].slice(0, MAX_CANDIDATES),
        reason: `Several titles called “${ref.title ?? label}” came out a year from ${year}.`,
      };
    if (sameTitle.length > 0)
      return {
        state: 'review',
        candidates: [...sameTitle, ...rest].slice(0, MAX_CANDIDATES),
        reason: `TMDB has “${ref.title ?? label}”, but not from ${year}.`,
      };
  }
  if (rest.length === 0) return null;
  return {
    state: 'review',
    candidates: rest.slice(0, MAX_CANDIDATES),
    reason: `No title matches “${label}” exactly; these come close.`,
  };
}

/** A row left for later: TMDB could not be asked, so nothing is guessed from the cache. */
const waiting = (failure: string): MatchResult => ({
  state: 'waiting',
  reason: `${failure}; this row will be matched when TMDB is reachable.`,
});

const decisive = (r: MatchResult | null): r is MatchResult => r !== null && r.state === 'matched';

const problemText = (error: unknown): string =>
  error instanceof Error && 'code' in error && error.code === 'offline'
    ? 'Marquee could not reach TMDB'
    : 'TMDB did not answer';

/**
 * Matches rows, sharing one lookup between rows that name the same title. `match` never throws:
 * a lookup that fails leaves its row unmatched (or for review) with the reason.
 */
export function createMatcher(sources: MatchSources): {
  match(ref: SourceRef): Promise<MatchResult>;
  /** How many distinct lookups ran (for the preview and the benchmark). */
  lookups(): number;
} {
  const memo = new Map<string, Promise<MatchResult>>();
  const tvdbMemo: TvdbMemo = new Map();

  async function byTitle(ref: SourceRef, note: string | null): Promise<MatchResult> {
    const title = ref.title?.trim() || ref.originalTitle?.trim();
    if (!title) return { state: 'unmatched', reason: note ?? 'The row names no title and no id.' };
    const kinds = kindsOf(ref);
    // Without a year, the cache alone never decides (it may hold one title of a shared name).
    const cacheDecides = ref.year !== undefined;
    if (sources.exact && cacheDecides) {
      const names = [title, ref.originalTitle].filter((t): t is string => !!t?.trim());
      const exact = names.flatMap((n) => sources.exact?.(normaliseTitle(n), kinds) ?? []);
      const fromIndex = classify(ref, exact);
      if (decisive(fromIndex)) return fromIndex;
    }
    const local = sources.local(title, kinds);
    const fromCache = classify(ref, local);
    if (cacheDecides && decisive(fromCache)) return fromCache;
    let remote: MatchCandidate[] = [];
    let failure: string | null = null;
    try {
      for (const kind of kinds) {
        let found = await sources.search(kind, title, ref.year);
        // A year off by one is searched without the year (TMDB filters on it exactly).
        if (ref.year !== undefined && !found.some((c) => c.year === ref.year))
          found = [...found, ...(await sources.search(kind, title, undefined))];
        remote.push(...found);
        if (ref.originalTitle && ref.originalTitle.trim() !== title)
          remote.push(...(await sources.search(kind, ref.originalTitle.trim(), ref.year)));
      }
    } catch (error) {
      failure = problemText(error);
      remote = [];
    }
    // The cache did not decide (it would have answered above): wait for TMDB rather than guess.
    if (failure !== null) return waiting(failure);
    const result = classify(ref, [...remote, ...local]);
    if (result) return result;
    const what = kinds.length === 1 ? (kinds[0] === 'movie' ? 'film' : 'series') : 'film or series';
    return { state: 'unmatched', reason: `TMDB has no ${what} called “${labelOf(ref)}”.` };
  }

  async function run(ref: SourceRef): Promise<MatchResult> {
    if (ref.tmdbId !== undefined && Number.isInteger(ref.tmdbId) && ref.tmdbId > 0) {
      const mediaType = ref.mediaType === 'movie' || ref.mediaType === 'unknown' ? 'movie' : 'tv';
      const known = sources.known(mediaType, ref.tmdbId);
      return {
        state: 'matched',
        chosen: known ?? {
          mediaType,
          id: ref.tmdbId,
          title: ref.title ?? `TMDB ${ref.tmdbId}`,
          year: ref.year ?? null,
          posterPath: null,
        },
        note: null,
      };
    }
    let note: string | null = null;
    let failure: string | null = null;
    if (sources.findTvdb && (ref.tvdbId !== undefined || ref.tvdbEpisodeId !== undefined)) {
      const byTvdb = await matchTvdb(ref, sources.findTvdb, tvdbMemo);
      if (byTvdb.state !== 'unmatched') return byTvdb;
      note = byTvdb.reason;
      // A TV Time episode names its series: the series' title is the last resort.
      if (ref.mediaType === 'episode') {
        const byName = await byTitle({ ...ref, mediaType: 'tv' }, note);
        return byName.state === 'unmatched'
          ? { state: 'unmatched', reason: `${note} ${byName.reason}` }
          : byName;
      }
    }
    if (ref.imdbId !== undefined && /^tt\d{5,10}$/i.test(ref.imdbId)) {
      try {
        const kinds = kindsOf(ref);
        const found = dedupe(await sources.findImdb(ref.imdbId.toLowerCase())).filter(
          (c) => kinds.includes(c.mediaType) && isEpisode(c) === (ref.mediaType === 'episode'),
        );
        const [only] = found;
        if (found.length === 1 && only) return { state: 'matched', chosen: only, note: null };
        if (found.length > 1)
          return {
            state: 'review',
            candidates: found.slice(0, MAX_CANDIDATES),
            reason: `Several TMDB titles have the IMDb id ${ref.imdbId}.`,
          };
        note = `TMDB knows no title with the IMDb id ${ref.imdbId}.`;
      } catch (error) {
        failure = problemText(error);
        note = `${failure} for the IMDb id ${ref.imdbId}.`;
      }
    }
    const named = !!(ref.title?.trim() || ref.originalTitle?.trim());
    if (failure !== null && (ref.mediaType === 'episode' || !named)) return waiting(failure);
    if (ref.mediaType === 'episode')
      return {
        state: 'unmatched',
        reason:
          note ??
          'An episode is matched by its IMDb id only (its title does not say which series it belongs to).',
      };
    return byTitle(ref, note);
  }

  return {
    match(ref) {
      const key = lookupKey(ref);
      let pending = memo.get(key);
      if (!pending) {
        pending = run(ref).catch((error: unknown): MatchResult => waiting(problemText(error)));
        memo.set(key, pending);
      }
      return pending;
    },
    lookups: () => memo.size,
  };
}
