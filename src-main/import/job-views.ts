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

/** The parts of a view read from the job's rows' match states. */
interface StateParts {
  counts: ImportJobView['counts'];
  lists: { name: string; items: number }[];
  review: ImportRowView[];
  unmatched: ImportRowView[];
  waiting: ImportRowView[];
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
   * What a view reads of a job's rows, kept per job while the job is unchanged: a job of 20,000
   * rows takes tens of milliseconds to count, and a window may read it on every event. The rows'
   * match states change only while the job is analysed or ready (matching, review, TMDB's
   * return), so once it is applied what was read of them stays true; the result is read again
   * whenever the job changes.
   */
  const statesMemo = new Map<string, { key: string; rows: number; parts: StateParts }>();
  const resultMemo = new Map<string, { key: string; result: ImportJobView['result'] }>();

  function stateParts(job: JobRecord, key: string): StateParts {
    const kept = statesMemo.get(job.id);
    const settled = job.state !== 'analysing' && job.state !== 'ready';
    if (kept && kept.rows === job.rows && (kept.key === key || settled)) return kept.parts;
    const counts = Object.fromEntries(
      importKind.options.map((k) => [k, emptyCounts()]),
    ) as ImportJobView['counts'];
    for (const c of store.stateCounts(job.id)) {
      counts[c.kind].total += c.count;
      counts[c.kind][c.state] += c.count;
    }
    const parts: StateParts = {
      counts,
      lists: store.listNames(job.id),
      review: store.reviewed(job.id, MAX_SHOWN).map(rowView),
      unmatched: store.rows(job.id, { states: ['unmatched'], limit: MAX_SHOWN }).map(rowView),
      waiting: store.rows(job.id, { states: ['waiting'], limit: MAX_SHOWN }).map(rowView),
    };
    statesMemo.set(job.id, { key, rows: job.rows, parts });
    return parts;
  }

  function resultPart(job: JobRecord, key: string): ImportJobView['result'] {
    if (job.state === 'analysing' || job.state === 'ready') return null;
    const kept = resultMemo.get(job.id);
    if (kept?.key === key) return kept.result;
    const result =
      job.result !== null
        ? // A job applied before follows were imported has no count for them.
          { ...resultOf(store, job.id), ...(job.result as object) }
        : resultOf(store, job.id);
    resultMemo.set(job.id, { key, result });
    return result;
  }

  function view(jobId: string): ImportJobView {
    const job = ctx.need(jobId);
    const key = `${String(ctx.version)}|${job.state}|${String(job.updatedAt)}|${String(job.rows)}`;
    const { lists, review, unmatched, waiting, ...parts } = stateParts(job, key);
    const counts = Object.fromEntries(
      importKind.options.map((k) => [k, { ...parts.counts[k] }]),
    ) as ImportJobView['counts'];
    if (job.state === 'ready' && job.format !== 'marquee-backup') {
      try {
        for (const [kind, n] of presence.counts(job)) counts[kind].alreadyPresent = n;
      } catch (error) {
        deps.log.warn('import.presence_failed', { jobId, error });
      }
    }
    const result = resultPart(job, key);
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
