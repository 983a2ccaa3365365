import type { MatchCandidate } from '../../src-shared/ipc/contract/import';
import type { MatchResult } from './match';
import type { ImportRow, SourceRef } from './rows';
import type { ImportJobStore, NewRow, RowRecord } from './store/jobs';

/** Why a list row matched to a series is not imported (said in the preview, once per row). */
export const LIST_FILMS_ONLY = 'TMDB lists hold films only; this is a series.';

/** Whether a TMDB list can hold this title: a list row chosen as a series cannot be applied. */
export const fitsTarget = (row: ImportRow, chosen: MatchCandidate): boolean =>
  row.kind !== 'lists' || chosen.mediaType === 'movie';

/**
 * A match result as a stored row's state. A list row matched to a series is unmatched with the
 * reason, so it is said once in the preview rather than offered (and failing) on every import.
 */
export function settle(
  row: ImportRow,
  result: MatchResult,
): Pick<NewRow, 'state' | 'reason' | 'candidates' | 'chosen'> {
  switch (result.state) {
    case 'matched':
      if (!fitsTarget(row, result.chosen))
        return { state: 'unmatched', reason: LIST_FILMS_ONLY, candidates: [], chosen: null };
      return { state: 'matched', reason: result.note, candidates: [], chosen: result.chosen };
    case 'review': {
      const candidates = result.candidates.filter((c) => fitsTarget(row, c));
      if (candidates.length === 0)
        return { state: 'unmatched', reason: LIST_FILMS_ONLY, candidates: [], chosen: null };
      return { state: 'review', reason: result.reason, candidates, chosen: null };
    }
    case 'unmatched':
    case 'waiting':
      return { state: result.state, reason: result.reason, candidates: [], chosen: null };
  }
}

/**
 * Matches a job's waiting rows again (TMDB is reachable, or so Marquee believes). Rows TMDB
 * still cannot be asked about stay waiting. Returns how many rows left the waiting state.
 */
export async function rematchWaiting(
  deps: {
    store: Pick<ImportJobStore, 'rows' | 'rematch' | 'transaction'>;
    matcher: () => { match(ref: SourceRef): Promise<MatchResult> };
  },
  jobId: string,
  stopped: () => boolean,
): Promise<number> {
  const rows: RowRecord[] = deps.store.rows(jobId, { states: ['waiting'] });
  const matcher = deps.matcher();
  const settled: NewRow[] = [];
  for (const r of rows) {
    if (stopped()) break;
    const row = r.row as ImportRow;
    const next = settle(row, await matcher.match(row.ref));
    if (next.state !== 'waiting') settled.push({ rowId: r.rowId, kind: r.kind, row, ...next });
  }
  if (stopped()) return 0;
  deps.store.transaction(() => {
    for (const r of settled) deps.store.rematch(jobId, r);
  });
  return settled.length;
}
