import {
  importKind,
  type ImportJobSummary,
  type ImportJobView,
  type ImportRowView,
  type ImportTargets,
  type KindCounts,
  type MatchCandidate,
} from '../../src-shared/ipc/contract/import';
import { planRestore, parseBackup } from './backup';
import { labelOf } from './match';
import type { ImportFormat } from './rows';
import type { JobRecord, RowRecord } from './store/jobs';
import { resultOf } from './job-apply';
import { asCandidate, asRow, type JobContext } from './job-context';
import type { Presence } from './job-presence';

/**
 * What the renderer reads of the jobs: the recent jobs, and one job's preview — its counts per
 * kind (with what is already there), the rows to review, the restore plan of a backup, its
 * progress while it runs and its result once applied.
 */

/** Review and unmatched rows shown in a job view. */
const MAX_SHOWN = 500;

/** How a format's ratings become TMDB's 1–10 (readers convert; the preview says how). */
export const RATING_CONVERSION: Record<ImportFormat, string | null> = {
  letterboxd: 'Letterboxd ★ 0.5–5 → TMDB 1–10: ×2 (★★★½ becomes 7)',
  imdb: 'IMDb 1–10 → TMDB 1–10: unchanged',
  trakt: 'Trakt 1–10 → TMDB 1–10: unchanged',
  tvtime: 'TV Time 0–5 → TMDB 1–10: ×2, at least 1 (4.5 becomes 9)',
  simkl: 'Simkl 1–10 → TMDB 1–10: unchanged',
  'marquee-backup': null,
};

const emptyCounts = (): KindCounts => ({
  total: 0,
  matched: 0,
  review: 0,
  unmatched: 0,
  skipped: 0,
  waiting: 0,
  alreadyPresent: 0,
});

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

/** The parts of a view read from the job's rows. */
interface RowParts {
  counts: ImportJobView['counts'];
  lists: { name: string; items: number }[];
  review: ImportRowView[];
  unmatched: ImportRowView[];
  waiting: ImportRowView[];
  result: ImportJobView['result'];
}

export interface JobViews {
  job: (jobId: string) => ImportJobView;
  /** Recent jobs, newest first. */
  jobs: () => ImportJobSummary[];
}

export function createJobViews(ctx: JobContext, presence: Presence): JobViews {
  const { deps, store } = ctx;
  /** A backup's restore plan walks the whole backup: read once per version of the jobs. */
  const planMemo = ctx.plans;

  /**
   * What a view reads of a job's rows (counts, lists, rows shown, result), kept per job for as
   * long as neither the jobs' version nor the job's state, update time or rows change: a job of
   * 20,000 rows takes tens of milliseconds to count, and a window may read it on every event.
   */
  const rowsMemo = new Map<string, { key: string; parts: RowParts }>();

  function rowParts(job: JobRecord): RowParts {
    const jobId = job.id;
    const key = `${String(ctx.version)}|${job.state}|${String(job.updatedAt)}|${String(job.rows)}`;
    const kept = rowsMemo.get(jobId);
    if (kept?.key === key) return kept.parts;
    const counts = Object.fromEntries(
      importKind.options.map((k) => [k, emptyCounts()]),
    ) as ImportJobView['counts'];
    for (const c of store.stateCounts(jobId)) {
      counts[c.kind].total += c.count;
      counts[c.kind][c.state] += c.count;
    }
    const appliedYet = job.state !== 'analysing' && job.state !== 'ready';
    if (job.state === 'ready' && job.format !== 'marquee-backup') {
      try {
        for (const [kind, n] of presence.counts(job)) counts[kind].alreadyPresent = n;
      } catch (error) {
        deps.log.warn('import.presence_failed', { jobId, error });
      }
    }
    const parts: RowParts = {
      counts,
      lists: store.listNames(jobId),
      review: store.reviewed(jobId, MAX_SHOWN).map(rowView),
      unmatched: store.rows(jobId, { states: ['unmatched'], limit: MAX_SHOWN }).map(rowView),
      waiting: store.rows(jobId, { states: ['waiting'], limit: MAX_SHOWN }).map(rowView),
      result:
        appliedYet && job.result !== null
          ? // A job applied before follows were imported has no count for them.
            { ...resultOf(store, jobId), ...(job.result as object) }
          : appliedYet
            ? resultOf(store, jobId)
            : null,
    };
    rowsMemo.set(jobId, { key, parts });
    return parts;
  }

  function view(jobId: string): ImportJobView {
    const job = ctx.need(jobId);
    const { counts, lists, review, unmatched, waiting, result } = rowParts(job);
    const existing = presence.listIdsByName();
    let restore: ImportJobView['restore'] = null;
    if (job.format === 'marquee-backup' && job.hasBackup && job.state === 'ready') {
      const memo = planMemo.get(jobId);
      if (memo && memo.at === ctx.version) restore = memo.plan;
      else {
        restore = planRestore(parseBackup(store.backup(jobId)), deps.backup);
        planMemo.set(jobId, { at: ctx.version, plan: restore });
      }
    }
    const hasRatings = counts.ratings.total > 0;
    return {
      ...summaryOf(job),
      problems: job.problems,
      files: job.files,
      counts,
      lists: lists.map(({ name, items }) => ({ name, items, exists: existing.has(name) })),
      ratingConversion: hasRatings ? RATING_CONVERSION[job.format as ImportFormat] : null,
      review,
      unmatched,
      waiting,
      targets: (job.targets as ImportTargets | null) ?? null,
      progress: ctx.running.get(jobId)?.progress ?? null,
      result,
      restore,
      error: job.error,
    };
  }

  return { job: view, jobs: () => store.recent(50).map(summaryOf) };
}
