import {
  importKind,
  type ImportJobView,
  type ImportKind,
  type ImportTargets,
  type MatchCandidate,
} from '../../src-shared/ipc/contract/import';
import { CodedError } from '../../src-shared/ipc/errors';
import type { Play } from '../tracking/types';
import { STEPS_AFTER_PLAYS, parseBackup, restoreBackup, type RestoreResult } from './backup';
import { restoreLibrary } from './backup-restore';
import { readMatched, watchedEffect } from './apply-watched';
import { applyFollow } from './follows';
import type { ImportRow } from './rows';
import type { ImportJobStore, JobRecord, RowOutcome, RowRecord } from './store/jobs';
import {
  asCandidate,
  asRow,
  isStorageFailure,
  message,
  type BackupRestorer,
  type BackupWork,
  type JobContext,
  type Running,
} from './job-context';
import { sourceOf, targetOf, type Presence } from './job-presence';

/**
 * Applying a job in chunks. Each chunk's writes (plays, library changes and their outbox rows)
 * and the rows' applied markers commit in ONE transaction, so a crash leaves whole chunks; every
 * write is idempotent (plays by uid, library changes as set-states), so a resumed job redoes
 * nothing. A job interrupted too often is rolled back instead: the plays it added are removed.
 * It runs on the main thread, so no step may hold it long: the matched rows are read a page at a
 * time before the first chunk, and each chunk's rows are sized by how long the last one took
 * (`nextSize`), with a turn for the window's calls between chunks.
 */

export const CHUNK_ROWS = 200;
/** The first chunk's rows when none is given; the next ones are sized by time (nextSize). */
const FIRST_CHUNK_ROWS = 50;
/** What one chunk may hold the main thread: well within a 50 ms long task. */
export const CHUNK_BUDGET_MS = 25;

/** The next chunk's rows after one of `size` rows took `ms`: halved over budget, grown under. */
export function nextSize(size: number, ms: number): number {
  if (ms > CHUNK_BUDGET_MS) return Math.max(5, Math.floor(size / 2));
  if (ms < CHUNK_BUDGET_MS / 2) return Math.min(CHUNK_ROWS, size * 2);
  return size;
}

const turn = (): Promise<void> =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });

/** What applying did, per kind, from the rows' outcomes. */
export function resultOf(
  store: Pick<ImportJobStore, 'outcomes'>,
  jobId: string,
): NonNullable<ImportJobView['result']> {
  const result = Object.fromEntries(
    importKind.options.map((k) => [k, { added: 0, alreadyPresent: 0, failed: 0 }]),
  ) as NonNullable<ImportJobView['result']>;
  for (const o of store.outcomes(jobId)) {
    const into = result[o.kind];
    if (o.outcome === 'added') into.added += o.count;
    else if (o.outcome === 'present') into.alreadyPresent += o.count;
    else if (o.outcome === 'failed') into.failed += o.count;
  }
  return result;
}

export interface Applying {
  /** Applies a job (a backup restores as a whole) in the background. */
  start(job: JobRecord, targets: ImportTargets): void;
  /** Undoes what an interrupted job added: its plays go; changes queued for TMDB stay queued. */
  rollBack(job: JobRecord): void;
}

export function createApplying(ctx: JobContext, presence: Presence): Applying {
  const { deps, store } = ctx;
  const { clock } = deps;

  /** Writes one row (not a whole series); what it added, for a roll back. */
  function applyRow(
    row: ImportRow,
    chosen: MatchCandidate,
    plays: Play[] | null,
    into: { newPlays: Play[]; newSeries: Set<number>; lists: Map<string, string> },
    now: number,
  ): unknown {
    switch (row.kind) {
      case 'watched':
        return watchedEffect(row, plays, (uid) => presence.hasPlay(uid), into, now);
      case 'ratings':
        if (!(row.rating >= 0.5 && row.rating <= 10 && Number.isInteger(row.rating * 2)))
          throw new CodedError(
            'invalid_input',
            `A rating of ${row.sourceRating} cannot be sent to TMDB.`,
          );
        deps.library.rate({ target: targetOf(row, chosen), value: row.rating });
        return null;
      case 'watchlist':
        deps.library.setWatchlist({ mediaType: chosen.mediaType, mediaId: chosen.id, on: true });
        return null;
      case 'favourites':
        deps.library.setFavorite({ mediaType: chosen.mediaType, mediaId: chosen.id, on: true });
        return null;
      case 'lists': {
        if (chosen.mediaType !== 'movie')
          throw new CodedError('invalid_input', 'TMDB lists hold films only; this is a series.');
        let listId = into.lists.get(row.list.name);
        if (listId === undefined) {
          listId = deps.library.createList({
            name: row.list.name,
            description: row.list.description,
          }).list.id;
          into.lists.set(row.list.name, listId);
        }
        deps.library.addToList({ listId, movieId: chosen.id });
        return null;
      }
      case 'follows':
        applyFollow(deps.tracking.tracking, row, chosen);
        return null;
    }
  }

  async function applyRows(job: JobRecord, targets: ImportTargets, run: Running): Promise<void> {
    const kinds = importKind.options.filter((kind) => targets[kind] === true);
    const source = sourceOf(job.format);
    const newSeries = new Set<number>();
    // The watched rows' plays are written in the worker when there is one; what is left here
    // (the other kinds, whole series) needs no plays derived.
    const elsewhere = await applyWatchedElsewhere(job, kinds, run, newSeries);
    if (elsewhere === 'stopped') return;
    // Read a page at a time, with a pause between pages.
    const matched = await readMatched(store, job, kinds, {
      now: clock,
      between: async () => {
        await turn();
        return !ctx.closed;
      },
      plays: elsewhere === 'here',
    });
    if (matched === null) return;
    const { dated, playsByRow, total } = matched;
    let { done } = matched;
    const lists = presence.listIdsByName();
    // Rows per chunk: fixed when given (tests), else sized so each chunk's work stays within
    // CHUNK_BUDGET_MS on this machine, as measured chunk by chunk.
    let size = deps.chunkRows ?? FIRST_CHUNK_ROWS;
    let after = -1;
    let chunk = 0;
    ctx.progress(job.id, run, 'applying', done, total);

    for (;;) {
      if (run.cancel || ctx.closed) break;
      const started = performance.now();
      const rows = store.pending(job.id, kinds, size, after);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]?.rowId ?? after;
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
            if (presence.present(r, plays, dated, lists)) outcome = 'present';
            else undo = applyRow(row, chosen, plays, { newPlays, newSeries, lists }, now);
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
      if (deps.chunkRows === undefined) size = nextSize(size, performance.now() - started);
      done += rows.length;
      chunk += 1;
      ctx.touch(job.id);
      ctx.progress(job.id, run, 'applying', Math.min(done, total), total);
      await deps.afterChunk?.(job.id, chunk);
      // Let the window and other requests in between chunks.
      await turn();
    }
    if (ctx.closed) return;
    const result = resultOf(store, job.id);
    ctx.setState(job.id, run.cancel ? 'cancelled' : 'done', { result });
    // New series need their episodes for progress and Up Next: the refresh runs what is due.
    if (newSeries.size > 0)
      void deps.tracking.refresh().catch((error: unknown) => {
        deps.log.debug('import.refresh_failed', { error });
      });
  }

  /** Removes the plays a job's rows added, marking the rows undone; how many were removed. */
  function removeAdded(job: JobRecord): number {
    return store.transaction(() => {
      const uids: string[] = [];
      for (const r of store.withUndo(job.id)) {
        uids.push(...((r.undo as { plays?: string[] } | null)?.plays ?? []));
        store.markApplied(job.id, r.rowId, 'undone', r.undo, clock());
      }
      // The job's plays leave as one change, announced once the removal commits.
      return uids.length > 0 ? deps.tracking.tracking.removePlays(uids).removed.length : 0;
    });
  }

  /**
   * A job's watched rows applied in the worker, a chunk per transaction (whole series left for
   * this process, which may fetch their episodes); its changes announced here once it is over.
   * 'here' when there is no worker or no watched row to apply; 'stopped' when cancelled.
   */
  async function applyWatchedElsewhere(
    job: JobRecord,
    kinds: readonly ImportKind[],
    run: Running,
    newSeries: Set<number>,
  ): Promise<'here' | 'done' | 'stopped'> {
    const work = deps.imports?.() ?? null;
    if (work === null || !kinds.includes('watched')) return 'here';
    const abort = new AbortController();
    run.abort = () => {
      abort.abort();
    };
    if (run.cancel) abort.abort();
    const follow = deps.changes.follow();
    try {
      const applied = await work.apply(job.id, {
        kinds,
        format: job.format,
        signal: abort.signal,
        onProgress: (done, total) => {
          ctx.progress(job.id, run, 'applying', done, total);
        },
      });
      for (const id of applied.newSeries) newSeries.add(id);
    } catch (error) {
      if (!run.cancel && !ctx.closed) {
        // The worker died or failed between chunks: what the job added goes, then it fails.
        await follow.announce();
        const removed = removeAdded(job);
        deps.log.warn('import.apply_undone', { jobId: job.id, removed });
        throw error;
      }
    } finally {
      await follow.announce();
      if (!ctx.closed) ctx.touch(job.id);
    }
    if (!run.cancel && !ctx.closed) return 'done';
    if (!ctx.closed) ctx.setState(job.id, 'cancelled', { result: resultOf(store, job.id) });
    return 'stopped';
  }

  /** The history, series and inbox in the worker; then the library and settings here. */
  async function restoreElsewhere(
    job: JobRecord,
    run: Running,
    work: BackupWork,
    report: (done: number, total: number) => void,
  ): Promise<RestoreResult> {
    const abort = new AbortController();
    run.abort = () => {
      abort.abort();
    };
    if (run.cancel) abort.abort();
    // The worker's writes are committed on its own connection: this process's listeners hear
    // them once it is done, whether it finished, stopped or failed.
    const follow = deps.changes.follow();
    let part: Awaited<ReturnType<BackupRestorer>>;
    try {
      part = await work.restore(job.id, {
        signal: abort.signal,
        onProgress: (done, total) => {
          report(done, total + STEPS_AFTER_PLAYS);
        },
      });
    } catch (error) {
      // Cancelled, the job removed what it added; a worker that died did not: that is done here.
      if (!abort.signal.aborted && !ctx.closed)
        await work.undo(job.id, follow.seq).catch((undoError: unknown) => {
          deps.log.error('import.restore_undo_failed', { jobId: job.id, error: undoError });
        });
      throw error;
    } finally {
      await follow.announce();
    }
    const { plays } = part;
    const rest = await restoreLibrary(
      part,
      { ...deps.backup, write: (fn) => deps.changes.write(fn), turn: () => deps.changes.turn() },
      (step) => {
        report(plays + step, plays + STEPS_AFTER_PLAYS);
      },
    );
    return { history: part.history, ...rest };
  }

  async function applyBackup(job: JobRecord, run: Running): Promise<void> {
    const report = (done: number, total: number): void => {
      ctx.progress(job.id, run, 'applying', done, total);
    };
    const work = deps.backups?.() ?? null;
    let restored: RestoreResult;
    try {
      restored =
        work === null
          ? await restoreBackup(
              parseBackup(store.backup(job.id)),
              deps.backup,
              report,
              () => run.cancel || ctx.closed,
            )
          : await restoreElsewhere(job, run, work, report);
    } catch (error) {
      // Stopped between chunks: the plays it added are gone again, nothing else was written.
      if (!run.cancel && !ctx.closed) throw error;
      if (!ctx.closed) ctx.setState(job.id, 'cancelled');
      return;
    }
    const zero = { added: 0, alreadyPresent: 0, failed: 0 };
    ctx.setState(job.id, 'done', {
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

  return {
    start(job, targets) {
      ctx.track(job.id, async (run) => {
        if (job.format === 'marquee-backup') await applyBackup(job, run);
        else await applyRows(job, targets, run);
      });
    },
    rollBack(job) {
      let removed = 0;
      store.transaction(() => {
        removed = removeAdded(job);
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
    },
  };
}
