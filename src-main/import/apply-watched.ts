import { CodedError } from '../../src-shared/ipc/errors';
import { playTimeProblem } from '../../src-shared/tracking/play-time';
import type { ImportKind } from '../../src-shared/ipc/contract/import';
import type { Play } from '../tracking/types';
import { asCandidate, asRow } from './job-context';
import { datedItems, playsOf, sourceOf } from './job-presence';
import type { ImportRow } from './rows';
import type { ImportJobStore } from './store/jobs';

/**
 * The parts of applying a job that the main process and the worker share: reading the matched
 * rows before the first chunk, and what a watched row writes.
 */

/** Matched rows read per page before the first chunk. */
const SETUP_PAGE = 500;

export interface MatchedRows {
  /** Items with a dated viewing in the job (an undated row of one adds nothing). */
  dated: Set<string>;
  /** The plays each watched row stands for (null: a whole series). */
  playsByRow: Map<number, Play[] | null>;
  /** Rows of the chosen kinds, and those of them already applied. */
  total: number;
  done: number;
}

/**
 * Reads a job's matched rows a page at a time, `between` pages (false: stop, answering null).
 * Occurrences count over every matched watched row in row order, so a resumed job derives the
 * same uids as its first attempt. With `plays` false the watched rows' plays are not derived.
 */
export async function readMatched(
  store: Pick<ImportJobStore, 'rows'>,
  job: { id: string; format: string },
  kinds: readonly ImportKind[],
  options: { now: () => number; between: () => Promise<boolean>; plays?: boolean },
): Promise<MatchedRows | null> {
  const source = sourceOf(job.format);
  const out: MatchedRows = { dated: new Set(), playsByRow: new Map(), total: 0, done: 0 };
  const occurrences = new Map<string, number>();
  for (let after = -1; ;) {
    const page = store.rows(job.id, { states: ['matched'], after, limit: SETUP_PAGE });
    if (options.plays !== false) for (const key of datedItems(page)) out.dated.add(key);
    for (const r of page) {
      const row = asRow(r);
      const chosen = asCandidate(r.chosen);
      if (row.kind === 'watched' && chosen && options.plays !== false)
        out.playsByRow.set(r.rowId, playsOf(row, chosen, source, occurrences, options.now()));
      if (!kinds.includes(r.kind)) continue;
      out.total += 1;
      if (r.appliedAt !== null) out.done += 1;
    }
    if (page.length < SETUP_PAGE) break;
    after = page[page.length - 1]?.rowId ?? after;
    if (!(await options.between())) return null;
  }
  return out;
}

/** What a watched row writes: the plays not there yet; answers their uids, for a roll back. */
export function watchedEffect(
  row: Extract<ImportRow, { kind: 'watched' }>,
  plays: Play[] | null,
  hasPlay: (uid: string) => boolean,
  into: { newPlays: Play[]; newSeries: Set<number> },
  now: number,
): unknown {
  if (!plays) return null;
  // Checked when read too; again here for a clock set back since, or an older job.
  const problem = playTimeProblem(row.watchedAt, now);
  if (problem !== null)
    throw new CodedError('invalid_input', `This viewing is left out: ${problem}.`);
  const fresh = plays.filter((p) => !hasPlay(p.uid));
  into.newPlays.push(...fresh);
  for (const p of fresh) if (p.mediaType === 'episode') into.newSeries.add(p.mediaId);
  return { plays: fresh.map((p) => p.uid) };
}
