import type { MatchResult } from './match';
import type { ImportRow } from './rows';
import { settle } from './settle';
import type { JobContext, Running } from './job-context';

/**
 * Matching a job's rows to TMDB: every row the reader produced is matched (a few lookups at once)
 * and stored with its match state, all rows in one write once every row is matched.
 */

/** Lookups running at once while matching (the TMDB client has its own rate limit). */
const MATCH_CONCURRENCY = 8;

/** Matches and stores `rows`; false when the job was cancelled or the library closed first. */
export async function matchAll(
  ctx: JobContext,
  jobId: string,
  rows: ImportRow[],
  run: Running,
): Promise<boolean> {
  const matcher = ctx.deps.matcher();
  const results: MatchResult[] = new Array<MatchResult>(rows.length);
  let next = 0;
  let done = 0;
  const step = Math.max(1, Math.floor(rows.length / 100));
  ctx.progress(jobId, run, 'matching', 0, rows.length);
  const worker = async (): Promise<void> => {
    while (!run.cancel && !ctx.closed) {
      const i = next++;
      const row = rows[i];
      if (row === undefined) return;
      results[i] = await matcher.match(row.ref);
      done += 1;
      if (done % step === 0 || done === rows.length)
        ctx.progress(jobId, run, 'matching', done, rows.length);
    }
  };
  await Promise.all(Array.from({ length: MATCH_CONCURRENCY }, worker));
  if (run.cancel || ctx.closed) return false;
  ctx.store.insertRows(
    jobId,
    rows.map((row, i) => {
      const result = results[i] ?? { state: 'unmatched' as const, reason: 'Not matched.' };
      return { rowId: i + 1, kind: row.kind, row, ...settle(row, result) };
    }),
  );
  return true;
}
