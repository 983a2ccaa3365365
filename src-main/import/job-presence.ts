import { createHash } from 'node:crypto';
import type { ImportKind, MatchCandidate } from '../../src-shared/ipc/contract/import';
import type { UserLibrary } from '../library/user-library';
import type { Tracking } from '../tracking/tracking';
import type { Play, PlaySource } from '../tracking/types';
import { followPresent } from './follows';
import type { ImportFormat, ImportRow } from './rows';
import type { ImportJobStore, JobRecord, RowRecord } from './store/jobs';
import { asCandidate, asRow, type JobContext } from './job-context';

/**
 * What is already in the library: the plays a watched row stands for (with the uids that make a
 * second import of the same viewing add nothing), and whether a matched row's effect is already
 * there, so the preview counts it and applying skips it.
 */

type WatchedRow = Extract<ImportRow, { kind: 'watched' }>;

const SOURCE_OF: Record<ImportFormat, PlaySource> = {
  letterboxd: 'letterboxd',
  imdb: 'imdb',
  trakt: 'trakt',
  // Plays keep one of the sources the history table knows; these two count as Marquee's own.
  tvtime: 'marquee',
  simkl: 'marquee',
  'marquee-backup': 'backup',
};

/** The source an imported play records for a job's format. */
export const sourceOf = (format: string): PlaySource =>
  Object.hasOwn(SOURCE_OF, format) ? SOURCE_OF[format as ImportFormat] : 'marquee';

/**
 * The uid of an imported play: the same viewing imported twice gets the same uid, so the second
 * import adds nothing. `occurrence` tells two real viewings of one title at one time apart.
 */
export function importedPlayUid(p: {
  mediaType: 'movie' | 'episode';
  mediaId: number;
  season: number | null;
  episode: number | null;
  watchedAt: number | null;
  occurrence: number;
}): string {
  const key = [p.mediaType, p.mediaId, p.season, p.episode, p.watchedAt, p.occurrence].join('|');
  return `import-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}

/** The episode a row names: an episode found by its own id, or else the row's own numbers. */
const episodeOf = (
  row: ImportRow,
  chosen: MatchCandidate,
): { season?: number | undefined; episode?: number | undefined } =>
  // An episode found by its own id (IMDb, TheTVDB) is placed by TMDB's numbers, which can differ.
  chosen.episode !== undefined
    ? { season: chosen.season, episode: chosen.episode }
    : (row.kind === 'ratings' || row.kind === 'watched') && row.episode !== undefined
      ? { season: row.season, episode: row.episode }
      : { season: chosen.season, episode: chosen.episode };

/** The film, series or episode a row rates. */
export const targetOf = (
  row: ImportRow,
  chosen: MatchCandidate,
):
  | { mediaType: 'movie' | 'tv'; mediaId: number }
  | { mediaType: 'episode'; mediaId: number; season: number; episode: number } => {
  const { season, episode } = episodeOf(row, chosen);
  if (chosen.mediaType === 'tv' && season !== undefined && episode !== undefined && episode > 0)
    return { mediaType: 'episode', mediaId: chosen.id, season, episode };
  return { mediaType: chosen.mediaType, mediaId: chosen.id };
};

/** The film or episode a watched row names, and when (no uid: hashing is slow); null for a series. */
function viewingOf(row: WatchedRow, chosen: MatchCandidate) {
  const which = episodeOf(row, chosen);
  const episode =
    chosen.mediaType === 'tv' && which.season !== undefined && which.episode !== undefined;
  if (chosen.mediaType === 'tv' && !episode) return null;
  return {
    mediaType: episode ? ('episode' as const) : ('movie' as const),
    mediaId: chosen.id,
    season: episode ? (which.season ?? null) : null,
    episode: episode ? (which.episode ?? null) : null,
    watchedAt: row.watchedAt,
  };
}

/** The plays a watched row stands for, with their uids; null for a whole series. */
export function playsOf(
  row: WatchedRow,
  chosen: MatchCandidate,
  source: PlaySource,
  occurrences: Map<string, number>,
  now: number,
): Play[] | null {
  const base = viewingOf(row, chosen);
  if (base === null) return null;
  const count = Math.min(Math.max(1, Math.trunc(row.plays ?? 1)), 1_000);
  const key = [base.mediaType, base.mediaId, base.season, base.episode, base.watchedAt].join('|');
  const out: Play[] = [];
  for (let n = 0; n < count; n++) {
    const occurrence = occurrences.get(key) ?? 0;
    occurrences.set(key, occurrence + 1);
    out.push({
      ...base,
      uid: importedPlayUid({ ...base, occurrence }),
      source,
      createdAt: now,
    });
  }
  return out;
}

const itemKey = (p: Pick<Play, 'mediaType' | 'mediaId' | 'season' | 'episode'>): string =>
  `${p.mediaType}:${p.mediaId}:${p.season}:${p.episode}`;

/** Items with a dated viewing in this job: an undated "watched" row of the same item adds nothing. */
export function datedItems(rows: readonly RowRecord[]): Set<string> {
  const dated = new Set<string>();
  for (const r of rows) {
    const row = asRow(r);
    const chosen = asCandidate(r.chosen);
    if (row.kind !== 'watched' || !chosen || row.watchedAt === null) continue;
    const viewing = viewingOf(row, chosen);
    if (viewing) dated.add(itemKey(viewing));
  }
  return dated;
}

export interface Presence {
  hasPlay(uid: string): boolean;
  /** Whether a matched row's effect is already there (no write needed). */
  present(
    r: RowRecord,
    plays: Play[] | null,
    dated: Set<string>,
    lists: Map<string, string>,
  ): boolean;
  /** The user's lists by name (the first of two with one name); empty without a library. */
  listIdsByName(): Map<string, string>;
  /** Matched rows already there, per kind (read once per version of the jobs). */
  counts(job: Pick<JobRecord, 'id' | 'format'>): Map<ImportKind, number>;
}

/** What the presence of a row's effect is read from: the history and the user's library. */
export interface PresenceSources {
  tracking: Tracking;
  library: UserLibrary;
}

/** Presence as the preview counts it, read where it is made (the main process or the worker). */
export function createPresence(ctx: JobContext): Presence {
  const presence = presenceOver(
    { tracking: ctx.deps.tracking.tracking, library: ctx.deps.library },
    ctx.store,
  );
  return {
    ...presence,
    counts(job) {
      const known = ctx.present.get(job.id);
      if (known && known.at === ctx.version) return known.counts;
      const counts = presence.counts(job);
      ctx.present.set(job.id, { at: ctx.version, counts });
      return counts;
    },
  };
}

/** Presence over these sources, each count read afresh. */
export function presenceOver(deps: PresenceSources, store: ImportJobStore): Presence {
  const hasPlay = (uid: string): boolean => deps.tracking.plays({ scope: 'play', uid }).length > 0;
  const titleWatched = (p: Play): boolean =>
    deps.tracking.plays(
      p.mediaType === 'movie'
        ? { scope: 'movie', movieId: p.mediaId }
        : { scope: 'episode', seriesId: p.mediaId, season: p.season ?? 0, episode: p.episode ?? 0 },
    ).length > 0;

  function present(
    r: RowRecord,
    plays: Play[] | null,
    dated: Set<string>,
    lists: Map<string, string>,
  ): boolean {
    const row = asRow(r);
    const chosen = asCandidate(r.chosen);
    if (!chosen) return false;
    switch (row.kind) {
      case 'watched':
        if (plays === null) return false;
        if (row.watchedAt === null)
          return plays.every((p) => hasPlay(p.uid) || dated.has(itemKey(p)) || titleWatched(p));
        return plays.every((p) => hasPlay(p.uid));
      case 'ratings':
        return deps.library.state(targetOf(row, chosen)).rating === row.rating;
      case 'watchlist':
        return deps.library.state({ mediaType: chosen.mediaType, mediaId: chosen.id }).watchlist;
      case 'favourites':
        return deps.library.state({ mediaType: chosen.mediaType, mediaId: chosen.id }).favorite;
      case 'lists': {
        const listId = lists.get(row.list.name);
        if (listId === undefined || chosen.mediaType !== 'movie') return false;
        return deps.library
          .state({ mediaType: 'movie', mediaId: chosen.id })
          .lists.includes(listId);
      }
      case 'follows':
        return followPresent(deps.tracking, row, chosen);
    }
  }

  const listIdsByName = (): Map<string, string> => {
    const out = new Map<string, string>();
    try {
      for (const l of deps.library.lists().lists) if (!out.has(l.name)) out.set(l.name, l.id);
    } catch {
      // No library: every list is new.
    }
    return out;
  };

  function counts(job: Pick<JobRecord, 'id' | 'format'>): Map<ImportKind, number> {
    const counts = new Map<ImportKind, number>();
    const matched = store.rows(job.id, { states: ['matched'] });
    const dated = datedItems(matched);
    const lists = listIdsByName();
    const occurrences = new Map<string, number>();
    const source = sourceOf(job.format);
    for (const r of matched) {
      const row = asRow(r);
      const chosen = asCandidate(r.chosen);
      const plays =
        row.kind === 'watched' && chosen ? playsOf(row, chosen, source, occurrences, 0) : null;
      let isPresent: boolean;
      try {
        isPresent = r.outcome === 'present' || present(r, plays, dated, lists);
      } catch {
        isPresent = false;
      }
      if (isPresent) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
    }
    return counts;
  }

  return { hasPlay, present, listIdsByName, counts };
}
