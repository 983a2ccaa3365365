import type { ImportKind } from '../../src-shared/ipc/contract/import';
import { CodedError } from '../../src-shared/ipc/errors';
import { createChangePath } from '../changes/change-path';
import { createChangeStore } from '../changes/store/changes';
import { readMatched, watchedEffect } from '../import/apply-watched';
import { CHUNK_ROWS } from '../import/job-apply';
import { asCandidate, asRow, isStorageFailure, message } from '../import/job-context';
import { presenceOver } from '../import/job-presence';
import { createImportJobStore, type RowOutcome } from '../import/store/jobs';
import { createTrackingStore } from '../tracking/store';
import { createTracking } from '../tracking/tracking';
import type { Play } from '../tracking/types';
import { libraryOf } from './domains';
import type { JobContext, JobControl } from './registry';

export interface ApplyWatchedInput {
  jobId: string;
  format: string;
  /** The kinds chosen (progress counts their rows). */
  kinds: ImportKind[];
  now: number;
  timeZone: string;
}

/**
 * A job's matched watched rows applied here, as the main process applies them: a chunk of rows
 * per transaction, their plays written through a change path that shares the log with the main
 * process (which announces them once the job is over) and each row's applied marker in the same
 * transaction, so a worker that dies leaves whole chunks, resumed where the markers say. A row
 * naming a whole series is left for the main process, which may fetch its episodes. A cancel is
 * checked and progress reported between chunks.
 */
export async function applyWatchedJob(
  context: JobContext,
  input: ApplyWatchedInput,
  control: JobControl,
): Promise<{ newSeries: number[] }> {
  const { jobId, now } = input;
  const clock = (): number => now;
  const store = createImportJobStore(context.library);
  const tracking = createTracking(createTrackingStore(context.library), {
    clock,
    timeZone: () => input.timeZone,
    region: () => '',
    changes: createChangePath({ store: createChangeStore(context.library), clock, shared: true }),
  });
  const presence = presenceOver({ tracking, library: libraryOf(context, now) }, store);
  const matched = await readMatched(store, { id: jobId, format: input.format }, input.kinds, {
    now: clock,
    between: () => {
      control.checkpoint();
      return Promise.resolve(true);
    },
  });
  if (matched === null) return { newSeries: [] };
  const { dated, playsByRow, total } = matched;
  let { done } = matched;
  control.progress(done, total);
  const newSeries = new Set<number>();
  const noLists = new Map<string, string>();
  const hasPlay = (uid: string): boolean => presence.hasPlay(uid);
  for (let after = -1; ;) {
    control.checkpoint();
    const rows = store.pending(jobId, ['watched'], CHUNK_ROWS, after);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.rowId ?? after;
    control.write(() => {
      const newPlays: Play[] = [];
      for (const r of rows) {
        const row = asRow(r);
        const chosen = asCandidate(r.chosen);
        let outcome: RowOutcome = 'added';
        let undo: unknown = null;
        try {
          if (!chosen) throw new CodedError('invalid_input', 'The row has no title chosen.');
          const plays = playsByRow.get(r.rowId) ?? null;
          if (row.kind !== 'watched' || plays === null) continue;
          if (presence.present(r, plays, dated, noLists)) outcome = 'present';
          else undo = watchedEffect(row, plays, hasPlay, { newPlays, newSeries }, now);
        } catch (error) {
          if (isStorageFailure(error)) throw error;
          outcome = 'failed';
          undo = { error: message(error) };
        }
        store.markApplied(jobId, r.rowId, outcome, undo, now);
        done += 1;
      }
      // One write for the chunk's plays (the tracking domain keeps progress and Up Next in step).
      if (newPlays.length > 0) tracking.restore(newPlays);
    });
    control.progress(Math.min(done, total), total);
  }
  return { newSeries: [...newSeries] };
}
