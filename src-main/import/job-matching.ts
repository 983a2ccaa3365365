import type { MatchResult } from './match';
import type { ImportRow, SourceRef } from './rows';
import { settle } from './settle';
import type { NewRow } from './store/jobs';
import type { JobContext, Running } from './job-context';

/**
 * Matching a job's rows to TMDB: every row the reader produced is matched (a few lookups at once)
 * and stored with its match state, all rows in one write once every row is matched.
 */

/** Lookups running at once while matching (the TMDB client has its own rate limit). */
const MATCH_CONCURRENCY = 8;

/**
 * Matches `rows` (a few at once), reporting progress every hundredth row, and answers them as
 * stored rows; null once `stopped` says so. The main process and the worker both match this way.
 */
export async function matchRows(
  rows: readonly ImportRow[],
  matcher: { match(ref: SourceRef): Promise<MatchResult> },
  step: { stopped(): boolean; progress(done: number, total: number): void },
): Promise<NewRow[] | null> {
  const results: MatchResult[] = new Array<MatchResult>(rows.length);
  let next = 0;
  let done = 0;
  const every = Math.max(1, Math.floor(rows.length / 100));
  step.progress(0, rows.length);
  const worker = async (): Promise<void> => {
    while (!step.stopped()) {
      const i = next++;
      const row = rows[i];
      if (row === undefined) return;
      results[i] = await matcher.match(row.ref);
      done += 1;
      if (done % every === 0 || done === rows.length) step.progress(done, rows.length);
    }
  };
  await Promise.all(Array.from({ length: MATCH_CONCURRENCY }, worker));
  if (step.stopped()) return null;
  return rows.map((row, i) => {
    const result = results[i] ?? { state: 'unmatched' as const, reason: 'Not matched.' };
    return { rowId: i + 1, kind: row.kind, row, ...settle(row, result) };
  });
}

/** Matches and stores `rows`; false when the job was cancelled or the library closed first. */
export async function matchAll(
  ctx: JobContext,
  jobId: string,
  rows: ImportRow[],
  run: Running,
): Promise<boolean> {
  const matched = await matchRows(rows, ctx.deps.matcher(), {
    stopped: () => run.cancel || ctx.closed,
    progress: (done, total) => {
      ctx.progress(jobId, run, 'matching', done, total);
    },
  });
  if (matched === null) return false;
  ctx.store.insertRows(jobId, matched);
  return true;
}
