import { createHash } from 'node:crypto';
import type {
  ImportJobSummary,
  ImportJobView,
  ImportRowView,
  ImportTargets,
  KindCounts,
  MatchCandidate,
} from '../../src-shared/ipc/contract/import';
import { CodedError } from '../../src-shared/ipc/errors';
import { playTimeProblem } from '../../src-shared/tracking/play-time';
import type { Logger } from '../base/log';
import type { UserLibrary } from '../library/user-library';
import type { TrackingService } from '../tracking/tracking-service';
import type { Play, PlaySource } from '../tracking/types';
import { parseBackup, planRestore, restoreBackup, type Backup, type BackupDeps } from './backup';
import { applyFollow, followPresent } from './follows';
import { labelOf, type MatchResult } from './match';
import type { ImportFormat, ImportRow, SourceRef } from './rows';
import { LIST_FILMS_ONLY, fitsTarget, rematchWaiting, settle } from './settle';
import type { Staging } from './staging';
import type { ImportJobStore, JobRecord, RowKind, RowOutcome, RowRecord } from './store/jobs';

/**
 * The import job: a staged source is read and matched into a job stored in the library (so a
 * crash never leaves an import half-applied without a record), previewed, resolved, and applied
 * in chunks. Each chunk's writes (plays, library changes and their outbox rows) and the rows'
 * applied markers commit in ONE transaction, so a crash leaves whole chunks.
 *
 * At start-up a job found `applying` resumes where its markers say (every write is idempotent:
 * plays by uid, library changes as set-states). A job that was interrupted again and again
 * (MAX_ATTEMPTS) is rolled back instead, so an import that crashes Marquee cannot do so forever:
 * the plays it added are removed; changes already queued for TMDB stay queued, and the job says so.
 */

export const CHUNK_ROWS = 200;
/** Starts of an apply (the first plus resumes) before an interrupted job is rolled back. */
export const MAX_ATTEMPTS = 3;
/** Review and unmatched rows shown in a job view. */
const MAX_SHOWN = 500;
/** Lookups running at once while matching (the TMDB client has its own rate limit). */
const MATCH_CONCURRENCY = 8;

const KINDS: readonly RowKind[] = [
  'watched',
  'ratings',
  'watchlist',
  'favourites',
  'lists',
  'follows',
];

export const kindOfRow = (row: ImportRow): RowKind =>
  row.kind === 'watched'
    ? 'watched'
    : row.kind === 'rating'
      ? 'ratings'
      : row.kind === 'watchlist'
        ? 'watchlist'
        : row.kind === 'favourite'
          ? 'favourites'
          : row.kind === 'follow'
            ? 'follows'
            : 'lists';

const SOURCE_OF: Record<ImportFormat, PlaySource> = {
  letterboxd: 'letterboxd',
  imdb: 'imdb',
  trakt: 'trakt',
  // Plays keep one of the sources the history table knows; these two count as Marquee's own.
  tvtime: 'marquee',
  simkl: 'marquee',
  'marquee-backup': 'backup',
};

const sourceOf = (format: string): PlaySource =>
  Object.hasOwn(SOURCE_OF, format) ? SOURCE_OF[format as ImportFormat] : 'marquee';

/** How a format's ratings become TMDB's 1–10 (readers convert; the preview says how). */
export const RATING_CONVERSION: Record<ImportFormat, string | null> = {
  letterboxd: 'Letterboxd ★ 0.5–5 → TMDB 1–10: ×2 (★★★½ becomes 7)',
  imdb: 'IMDb 1–10 → TMDB 1–10: unchanged',
  trakt: 'Trakt 1–10 → TMDB 1–10: unchanged',
  tvtime: 'TV Time 0–5 → TMDB 1–10: ×2, at least 1 (4.5 becomes 9)',
  simkl: 'Simkl 1–10 → TMDB 1–10: unchanged',
  'marquee-backup': null,
};

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

export interface ImportJobsDeps {
  store: ImportJobStore;
  staging: Staging;
  /** A fresh matcher per job (lookups shared between the job's rows). */
  matcher: () => { match(ref: SourceRef): Promise<MatchResult> };
  /** Names a TMDB title the user chose that was not among the candidates (null: no such title). */
  lookupTitle(mediaType: 'movie' | 'tv', id: number): Promise<MatchCandidate | null>;
  tracking: TrackingService;
  library: UserLibrary;
  backup: BackupDeps;
  clock: () => number;
  newId: () => string;
  log: Logger;
  emit: {
    progress(p: {
      jobId: string;
      phase: 'reading' | 'matching' | 'applying';
      done: number;
      total: number;
    }): void;
    changed(jobId: string, state: JobRecord['state']): void;
  };
  chunkRows?: number;
  /** Awaited after each committed chunk (tests simulate a crash by never resolving it). */
  afterChunk?: (jobId: string, chunk: number) => Promise<void> | void;
}

export interface ImportJobs {
  analyse(sourceId: string): { jobId: string };
  job(jobId: string): ImportJobView;
  jobs(): ImportJobSummary[];
  resolve(
    jobId: string,
    rowId: number,
    choice: { mediaType: 'movie' | 'tv'; id: number } | { skip: true },
  ): Promise<ImportJobView>;
  apply(jobId: string, targets: ImportTargets): { jobId: string };
  cancel(jobId: string): void;
  /**
   * Matches again the rows of a ready job (or of every such job) that wait for TMDB; does nothing
   * while the job runs. Announces `changed` when rows left the waiting state. Returns how many
   * jobs it started matching.
   */
  retryWaiting(jobId?: string): number;
  /** Resumes or rolls back jobs interrupted by a crash. */
  start(): void;
  idle(): Promise<void>;
  close(): void;
}

interface Running {
  cancel: boolean;
  progress: { phase: 'reading' | 'matching' | 'applying'; done: number; total: number } | null;
  done: Promise<void>;
}

const emptyCounts = (): KindCounts => ({
  total: 0,
  matched: 0,
  review: 0,
  unmatched: 0,
  skipped: 0,
  waiting: 0,
  alreadyPresent: 0,
});

const message = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong.';

const STORAGE_CODES = new Set(['disk_full', 'storage_io', 'storage_busy', 'storage_readonly']);
const isStorageFailure = (error: unknown): boolean =>
  error instanceof CodedError && STORAGE_CODES.has(error.code);

const asRow = (r: RowRecord): ImportRow => r.row as ImportRow;
const asCandidate = (value: unknown): MatchCandidate | null =>
  value !== null && typeof value === 'object' ? (value as MatchCandidate) : null;

export function createImportJobs(deps: ImportJobsDeps): ImportJobs {
  const { store, clock } = deps;
  const chunkRows = deps.chunkRows ?? CHUNK_ROWS;
  const running = new Map<string, Running>();
  let closed = false;
  /**
   * Presence counts and restore plans are read once per version (they walk every row); the
   * version moves with every change this module makes (the clock may stand still in tests).
   */
  let version = 0;
  const presenceMemo = new Map<string, { at: number; counts: Map<RowKind, number> }>();
  const planMemo = new Map<string, { at: number; plan: ImportJobView['restore'] }>();
  /**
   * One analysis per staged read: a second call answers the job the first one started. A source
   * read again (another time zone chosen in the preview) is a new read, analysed anew.
   */
  const analysed = new Map<string, { jobId: string; parsed: object }>();

  const need = (jobId: string): JobRecord => {
    const job = store.job(jobId);
    if (!job) throw new CodedError('not_found', 'There is no such import.');
    return job;
  };
  const setState = (jobId: string, state: JobRecord['state'], patch = {}): void => {
    version += 1;
    store.update(jobId, { state, ...patch }, clock());
    deps.emit.changed(jobId, state);
  };
  const progress = (
    jobId: string,
    run: Running,
    phase: 'reading' | 'matching' | 'applying',
    done: number,
    total: number,
  ): void => {
    run.progress = { phase, done, total };
    deps.emit.progress({ jobId, phase, done, total });
  };
  const track = (jobId: string, work: (run: Running) => Promise<void>): void => {
    const run: Running = { cancel: false, progress: null, done: Promise.resolve() };
    run.done = work(run)
      .catch((error: unknown) => {
        deps.log.warn('import.job_failed', { jobId, error });
        try {
          setState(jobId, 'failed', { error: message(error) });
        } catch (inner) {
          deps.log.error('import.job_state_lost', { jobId, error: inner });
        }
      })
      .finally(() => {
        if (running.get(jobId) === run) running.delete(jobId);
      });
    running.set(jobId, run);
  };

  // ---- reading and matching ------------------------------------------------------------------

  async function matchAll(jobId: string, rows: ImportRow[], run: Running): Promise<boolean> {
    const matcher = deps.matcher();
    const results: MatchResult[] = new Array<MatchResult>(rows.length);
    let next = 0;
    let done = 0;
    const step = Math.max(1, Math.floor(rows.length / 100));
    progress(jobId, run, 'matching', 0, rows.length);
    const worker = async (): Promise<void> => {
      while (!run.cancel && !closed) {
        const i = next++;
        const row = rows[i];
        if (row === undefined) return;
        results[i] = await matcher.match(row.ref);
        done += 1;
        if (done % step === 0 || done === rows.length)
          progress(jobId, run, 'matching', done, rows.length);
      }
    };
    await Promise.all(Array.from({ length: MATCH_CONCURRENCY }, worker));
    if (run.cancel || closed) return false;
    store.insertRows(
      jobId,
      rows.map((row, i) => {
        const result = results[i] ?? { state: 'unmatched' as const, reason: 'Not matched.' };
        return { rowId: i + 1, kind: kindOfRow(row), row, ...settle(row, result) };
      }),
    );
    return true;
  }

  // ---- presence ("already there") ------------------------------------------------------------

  const targetOf = (
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

  /** The episode a row names: an episode found by its own id, or else the row's own numbers. */
  const episodeOf = (
    row: ImportRow,
    chosen: MatchCandidate,
  ): { season?: number | undefined; episode?: number | undefined } =>
    // An episode found by its own id (IMDb, TheTVDB) is placed by TMDB's numbers, which can differ.
    chosen.episode !== undefined
      ? { season: chosen.season, episode: chosen.episode }
      : (row.kind === 'rating' || row.kind === 'watched') && row.episode !== undefined
        ? { season: row.season, episode: row.episode }
        : { season: chosen.season, episode: chosen.episode };

  /** The film or episode a watched row names, and when (no uid: hashing is slow); null for a series. */
  function viewingOf(row: Extract<ImportRow, { kind: 'watched' }>, chosen: MatchCandidate) {
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
  function playsOf(
    row: Extract<ImportRow, { kind: 'watched' }>,
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

  const hasPlay = (uid: string): boolean =>
    deps.tracking.tracking.plays({ scope: 'play', uid }).length > 0;
  const titleWatched = (p: Play): boolean =>
    deps.tracking.tracking.plays(
      p.mediaType === 'movie'
        ? { scope: 'movie', movieId: p.mediaId }
        : { scope: 'episode', seriesId: p.mediaId, season: p.season ?? 0, episode: p.episode ?? 0 },
    ).length > 0;
  const itemKey = (p: Pick<Play, 'mediaType' | 'mediaId' | 'season' | 'episode'>): string =>
    `${p.mediaType}:${p.mediaId}:${p.season}:${p.episode}`;

  /** Items with a dated viewing in this job: an undated "watched" row of the same item adds nothing. */
  function datedItems(rows: readonly RowRecord[]): Set<string> {
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

  /** Whether a matched row's effect is already there (no write needed). */
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
      case 'rating':
        return deps.library.state(targetOf(row, chosen)).rating === row.rating;
      case 'watchlist':
        return deps.library.state({ mediaType: chosen.mediaType, mediaId: chosen.id }).watchlist;
      case 'favourite':
        return deps.library.state({ mediaType: chosen.mediaType, mediaId: chosen.id }).favorite;
      case 'listItem': {
        const listId = lists.get(row.list.name);
        if (listId === undefined || chosen.mediaType !== 'movie') return false;
        return deps.library
          .state({ mediaType: 'movie', mediaId: chosen.id })
          .lists.includes(listId);
      }
      case 'follow':
        return followPresent(deps.tracking.tracking, row, chosen);
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

  function presenceCounts(job: JobRecord): Map<RowKind, number> {
    const memo = presenceMemo.get(job.id);
    if (memo && memo.at === version) return memo.counts;
    const counts = new Map<RowKind, number>();
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
    presenceMemo.set(job.id, { at: version, counts });
    return counts;
  }

  // ---- applying ------------------------------------------------------------------------------

  const kindsOf = (targets: ImportTargets): RowKind[] => [
    ...(targets.history ? (['watched'] as const) : []),
    ...(targets.ratings ? (['ratings'] as const) : []),
    ...(targets.watchlist ? (['watchlist'] as const) : []),
    ...(targets.favourites ? (['favourites'] as const) : []),
    ...(targets.lists ? (['lists'] as const) : []),
    ...(targets.follows === true ? (['follows'] as const) : []),
  ];

  async function applyRows(job: JobRecord, targets: ImportTargets, run: Running): Promise<void> {
    const kinds = kindsOf(targets);
    const source = sourceOf(job.format);
    // Occurrences count over every matched watched row in row order, so a resumed job derives
    // the same uids as its first attempt.
    const allMatched = store.rows(job.id, { states: ['matched'] });
    const dated = datedItems(allMatched);
    const occurrences = new Map<string, number>();
    const playsByRow = new Map<number, Play[] | null>();
    for (const r of allMatched) {
      const row = asRow(r);
      const chosen = asCandidate(r.chosen);
      if (row.kind === 'watched' && chosen)
        playsByRow.set(r.rowId, playsOf(row, chosen, source, occurrences, clock()));
    }
    const total = allMatched.filter((r) => kinds.includes(r.kind)).length;
    let done = allMatched.filter((r) => kinds.includes(r.kind) && r.appliedAt !== null).length;
    const lists = listIdsByName();
    const newSeries = new Set<number>();
    let chunk = 0;
    progress(job.id, run, 'applying', done, total);

    for (;;) {
      if (run.cancel || closed) break;
      const rows = store.pending(job.id, kinds, chunkRows);
      if (rows.length === 0) break;
      const wholeSeries: RowRecord[] = [];
      store.transaction(() => {
        const now = clock();
        const newPlays: Play[] = [];
        for (const r of rows) {
          const row = asRow(r);
          const chosen = asCandidate(r.chosen);
          let outcome: RowOutcome = 'added';
          let undo: unknown = null;
          try {
            if (!chosen) throw new CodedError('invalid_input', 'The row has no title chosen.');
            const plays = playsByRow.get(r.rowId) ?? null;
            if (row.kind === 'watched' && plays === null) {
              wholeSeries.push(r);
              continue;
            }
            if (present(r, plays, dated, lists)) outcome = 'present';
            else if (row.kind === 'watched' && plays) {
              // Checked when read too; again here for a clock set back since, or an older job.
              const problem = playTimeProblem(row.watchedAt, now);
              if (problem !== null)
                throw new CodedError('invalid_input', `This viewing is left out: ${problem}.`);
              const fresh = plays.filter((p) => !hasPlay(p.uid));
              newPlays.push(...fresh);
              for (const p of fresh) if (p.mediaType === 'episode') newSeries.add(p.mediaId);
              undo = { plays: fresh.map((p) => p.uid) };
            } else if (row.kind === 'rating') {
              if (!(row.rating >= 0.5 && row.rating <= 10 && Number.isInteger(row.rating * 2)))
                throw new CodedError(
                  'invalid_input',
                  `A rating of ${row.sourceRating} cannot be sent to TMDB.`,
                );
              deps.library.rate({ target: targetOf(row, chosen), value: row.rating });
            } else if (row.kind === 'watchlist') {
              deps.library.setWatchlist({
                mediaType: chosen.mediaType,
                mediaId: chosen.id,
                on: true,
              });
            } else if (row.kind === 'favourite') {
              deps.library.setFavorite({
                mediaType: chosen.mediaType,
                mediaId: chosen.id,
                on: true,
              });
            } else if (row.kind === 'listItem') {
              if (chosen.mediaType !== 'movie')
                throw new CodedError(
                  'invalid_input',
                  'TMDB lists hold films only; this is a series.',
                );
              let listId = lists.get(row.list.name);
              if (listId === undefined) {
                listId = deps.library.createList({
                  name: row.list.name,
                  description: row.list.description,
                }).list.id;
                lists.set(row.list.name, listId);
              }
              deps.library.addToList({ listId, movieId: chosen.id });
            } else if (row.kind === 'follow') applyFollow(deps.tracking.tracking, row, chosen);
          } catch (error) {
            if (isStorageFailure(error)) throw error;
            outcome = 'failed';
            undo = { error: message(error) };
          }
          store.markApplied(job.id, r.rowId, outcome, undo, now);
        }
        // One write for the chunk's plays (the tracking domain keeps progress and Up Next in step).
        if (newPlays.length > 0) deps.tracking.restore(newPlays);
      });
      // A series without episodes named is marked through tracking (it may fetch the episodes).
      for (const r of wholeSeries) {
        const chosen = asCandidate(r.chosen);
        let outcome: RowOutcome;
        let undo: unknown;
        try {
          if (!chosen) throw new CodedError('invalid_input', 'The row has no title chosen.');
          const { added } = await deps.tracking.mark(
            { scope: 'series', seriesId: chosen.id },
            { when: { kind: 'unknown' }, rewatch: false, source },
          );
          outcome = added.length > 0 ? 'added' : 'present';
          undo = { plays: added.map((p) => p.uid) };
        } catch (error) {
          if (isStorageFailure(error)) throw error;
          outcome = 'failed';
          undo = { error: message(error) };
        }
        store.markApplied(job.id, r.rowId, outcome, undo, clock());
      }
      done += rows.length;
      chunk += 1;
      version += 1;
      store.update(job.id, {}, clock());
      progress(job.id, run, 'applying', Math.min(done, total), total);
      await deps.afterChunk?.(job.id, chunk);
      // Let the window and other requests in between chunks.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (closed) return;
    const result = resultOf(job.id);
    setState(job.id, run.cancel ? 'cancelled' : 'done', { result });
    // New series need their episodes for progress and Up Next: the refresh runs what is due.
    if (newSeries.size > 0)
      void deps.tracking.refresh().catch((error: unknown) => {
        deps.log.debug('import.refresh_failed', { error });
      });
  }

  function resultOf(jobId: string): NonNullable<ImportJobView['result']> {
    const result = Object.fromEntries(
      KINDS.map((k) => [k, { added: 0, alreadyPresent: 0, failed: 0 }]),
    ) as NonNullable<ImportJobView['result']>;
    for (const o of store.outcomes(jobId)) {
      const into = result[o.kind];
      if (o.outcome === 'added') into.added += o.count;
      else if (o.outcome === 'present') into.alreadyPresent += o.count;
      else if (o.outcome === 'failed') into.failed += o.count;
    }
    return result;
  }

  async function applyBackup(job: JobRecord, run: Running): Promise<void> {
    const backup = parseBackup(job.backup);
    const restored = await restoreBackup(backup, deps.backup, (done, total) => {
      progress(job.id, run, 'applying', done, total);
    });
    const zero = { added: 0, alreadyPresent: 0, failed: 0 };
    setState(job.id, 'done', {
      result: {
        watched: restored.history,
        ratings: restored.library,
        watchlist: zero,
        favourites: zero,
        lists: restored.lists,
        follows: zero,
      },
    });
  }

  function startApply(job: JobRecord, targets: ImportTargets): void {
    track(job.id, async (run) => {
      if (job.format === 'marquee-backup') await applyBackup(job, run);
      else await applyRows(job, targets, run);
    });
  }

  // ---- views ---------------------------------------------------------------------------------

  const rowView = (r: RowRecord): ImportRowView => {
    const row = asRow(r);
    const ref = row.ref;
    return {
      rowId: r.rowId,
      kind: r.kind,
      file: row.file,
      line: row.line,
      label: labelOf(ref),
      sourceType: ref.mediaType,
      state: r.state,
      reason: r.reason,
      candidates: r.candidates as MatchCandidate[],
      chosen: asCandidate(r.chosen),
    };
  };

  const summaryOf = (job: JobRecord): ImportJobSummary => ({
    jobId: job.id,
    format: job.format as ImportFormat,
    sourceName: job.sourceName,
    state: job.state,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    rows: job.rows,
    note: job.note,
  });

  function view(jobId: string): ImportJobView {
    const job = need(jobId);
    const counts = Object.fromEntries(
      KINDS.map((k) => [k, emptyCounts()]),
    ) as ImportJobView['counts'];
    for (const c of store.stateCounts(jobId)) {
      counts[c.kind].total += c.count;
      counts[c.kind][c.state] += c.count;
    }
    const appliedYet = job.state !== 'analysing' && job.state !== 'ready';
    if (job.state === 'ready' && job.format !== 'marquee-backup') {
      try {
        for (const [kind, n] of presenceCounts(job)) counts[kind].alreadyPresent = n;
      } catch (error) {
        deps.log.warn('import.presence_failed', { jobId, error });
      }
    }
    const existing = listIdsByName();
    let restore: ImportJobView['restore'] = null;
    if (job.format === 'marquee-backup' && job.backup !== null && job.state === 'ready') {
      const memo = planMemo.get(jobId);
      if (memo && memo.at === version) restore = memo.plan;
      else {
        restore = planRestore(parseBackup(job.backup), deps.backup);
        planMemo.set(jobId, { at: version, plan: restore });
      }
    }
    const hasRatings = counts.ratings.total > 0;
    return {
      ...summaryOf(job),
      problems: job.problems,
      files: job.files,
      counts,
      lists: store
        .listNames(jobId)
        .map(({ name, items }) => ({ name, items, exists: existing.has(name) })),
      ratingConversion: hasRatings ? RATING_CONVERSION[job.format as ImportFormat] : null,
      review: store.reviewed(jobId, MAX_SHOWN).map(rowView),
      unmatched: store.rows(jobId, { states: ['unmatched'], limit: MAX_SHOWN }).map(rowView),
      waiting: store.rows(jobId, { states: ['waiting'], limit: MAX_SHOWN }).map(rowView),
      targets: (job.targets as ImportTargets | null) ?? null,
      progress: running.get(jobId)?.progress ?? null,
      result:
        appliedYet && job.result !== null
          ? // A job applied before follows were imported has no count for them.
            { ...resultOf(jobId), ...(job.result as object) }
          : appliedYet
            ? resultOf(jobId)
            : null,
      restore,
      error: job.error,
    };
  }

  // ---- the service ---------------------------------------------------------------------------

  return {
    analyse(sourceId) {
      const staged = deps.staging.take(sourceId);
      const { parsed, source } = staged;
      const earlier = analysed.get(sourceId);
      if (earlier?.parsed === parsed && store.job(earlier.jobId)) return { jobId: earlier.jobId };
      const jobId = deps.newId();
      analysed.set(sourceId, { jobId, parsed });
      let backup: Backup | null = null;
      let backupError: string | null = null;
      if (parsed.format === 'marquee-backup') {
        try {
          backup = parseBackup(parsed.backup);
        } catch (error) {
          backupError = message(error);
        }
      }
      store.create({
        id: jobId,
        format: parsed.format,
        sourceName: source.name,
        files: parsed.files,
        problems: parsed.problems.slice(0, 1_000),
        backup,
        now: clock(),
      });
      if (parsed.format === 'marquee-backup') {
        setState(jobId, backupError === null ? 'ready' : 'failed', { error: backupError });
        return { jobId };
      }
      deps.emit.changed(jobId, 'analysing');
      track(jobId, async (run) => {
        progress(jobId, run, 'reading', parsed.rows.length, parsed.rows.length);
        const finished = await matchAll(jobId, parsed.rows, run);
        if (closed) return;
        setState(jobId, finished ? 'ready' : 'cancelled');
      });
      return { jobId };
    },
    job: view,
    jobs: () => store.recent(50).map(summaryOf),
    async resolve(jobId, rowId, choice) {
      const job = need(jobId);
      if (job.state !== 'ready')
        throw new CodedError('conflict', 'This import can no longer be changed.');
      const row = store.row(jobId, rowId);
      if (!row) throw new CodedError('not_found', 'There is no such row in this import.');
      if (row.appliedAt !== null)
        throw new CodedError('conflict', 'This row was already imported.');
      if ('skip' in choice) store.resolve(jobId, rowId, 'skipped', null);
      else {
        const candidate =
          (row.candidates as MatchCandidate[]).find(
            (c) => c.mediaType === choice.mediaType && c.id === choice.id,
          ) ?? (await deps.lookupTitle(choice.mediaType, choice.id));
        if (!candidate) throw new CodedError('not_found', 'TMDB has no such title.');
        if (!fitsTarget(asRow(row), candidate))
          throw new CodedError('invalid_input', LIST_FILMS_ONLY);
        store.resolve(jobId, rowId, 'matched', candidate);
      }
      version += 1;
      store.update(jobId, {}, clock());
      return view(jobId);
    },
    apply(jobId, targets) {
      const job = need(jobId);
      if (running.has(jobId)) throw new CodedError('conflict', 'This import is already running.');
      if (job.state !== 'ready' && job.state !== 'cancelled')
        throw new CodedError('conflict', 'This import cannot be applied now.');
      if (job.rows === 0 && job.format !== 'marquee-backup')
        throw new CodedError(
          'conflict',
          'This import was stopped before its file was read. Choose the file again.',
        );
      if (!Object.values(targets).some(Boolean))
        throw new CodedError('invalid_input', 'Choose at least one thing to import.');
      version += 1;
      store.update(
        jobId,
        { state: 'applying', targets, attempts: job.attempts + 1, error: null, result: null },
        clock(),
      );
      deps.emit.changed(jobId, 'applying');
      startApply(need(jobId), targets);
      return { jobId };
    },
    cancel(jobId) {
      need(jobId);
      const run = running.get(jobId);
      if (run) run.cancel = true;
    },
    retryWaiting(only) {
      let started = 0;
      for (const jobId of store.waitingJobs()) {
        if (only !== undefined && jobId !== only) continue;
        if (closed || running.has(jobId) || store.job(jobId)?.state !== 'ready') continue;
        started += 1;
        track(jobId, async (run) => {
          const settled = await rematchWaiting(deps, jobId, () => run.cancel || closed);
          if (settled === 0 || closed) return;
          version += 1;
          store.update(jobId, {}, clock());
          deps.emit.changed(jobId, 'ready');
        });
      }
      return started;
    },
    start() {
      for (const job of store.inState('analysing'))
        setState(job.id, 'failed', {
          note: 'Marquee closed while reading this file. Choose it again to import it.',
        });
      for (const job of store.inState('applying')) {
        const targets = job.targets as ImportTargets | null;
        if (job.attempts >= MAX_ATTEMPTS || targets === null) rollBack(job);
        else {
          store.update(
            job.id,
            {
              attempts: job.attempts + 1,
              note: 'Marquee closed during this import; it resumed where it stopped.',
            },
            clock(),
          );
          deps.log.info('import.resumed', { jobId: job.id });
          startApply(need(job.id), targets);
        }
      }
    },
    idle: async () => {
      while (running.size > 0) await Promise.all([...running.values()].map((r) => r.done));
    },
    close() {
      closed = true;
    },
  };

  function rollBack(job: JobRecord): void {
    let removed = 0;
    store.transaction(() => {
      for (const r of store.withUndo(job.id)) {
        const uids = (r.undo as { plays?: string[] } | null)?.plays ?? [];
        for (const uid of uids)
          removed += deps.tracking.unmark({ scope: 'play', uid }, {}).removed.length;
        store.markApplied(job.id, r.rowId, 'undone', r.undo, clock());
      }
      store.update(
        job.id,
        {
          state: 'rolledBack',
          note: `Marquee closed during this import ${job.attempts} times, so it was rolled back: ${removed} viewings it added were removed. Changes already queued for TMDB stay queued.`,
        },
        clock(),
      );
    });
    deps.emit.changed(job.id, 'rolledBack');
    deps.log.warn('import.rolled_back', { jobId: job.id, removed });
  }
}
