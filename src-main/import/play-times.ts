import { playTimeProblem } from '../../src-shared/tracking/play-time';
import type { ParsedImport, RowProblem } from './rows';

/**
 * The play-time rule (`src-shared/tracking/play-time.ts`) where imports enter: a viewing dated in
 * the future, before 1870 or at no real date is a problem of its row, shown in the preview and
 * left out; the rest of the file still imports. The clock is the core's, read when the file is.
 */

/** A backup's plays split by the rule: those to restore, and those refused with the reason. */
export function splitPlays<P extends { uid: string; watchedAt: unknown }>(
  history: readonly P[],
  now: number,
): { usable: P[]; refused: { entry: number; uid: string; problem: string }[] } {
  const usable: P[] = [];
  const refused: { entry: number; uid: string; problem: string }[] = [];
  history.forEach((play, index) => {
    const problem = playTimeProblem(play.watchedAt, now);
    if (problem === null) usable.push(play);
    else refused.push({ entry: index + 1, uid: play.uid, problem });
  });
  return { usable, refused };
}

/** A backup document's history as far as the rule needs it; anything else is the schema's job. */
function backupHistory(doc: unknown): { uid: string; watchedAt: unknown }[] {
  if (typeof doc !== 'object' || doc === null || !('history' in doc)) return [];
  const history = doc.history;
  if (!Array.isArray(history)) return [];
  return history.map((entry: unknown) =>
    typeof entry === 'object' && entry !== null
      ? {
          uid: 'uid' in entry && typeof entry.uid === 'string' ? entry.uid : '',
          watchedAt: 'watchedAt' in entry ? entry.watchedAt : null,
        }
      : { uid: '', watchedAt: null },
  );
}

/** The parsed file with every viewing the rule refuses moved from its rows to its problems. */
export function checkPlayTimes(parsed: ParsedImport, now: number): ParsedImport {
  const problems: RowProblem[] = [];
  const rows = parsed.rows.filter((row) => {
    if (row.kind !== 'watched') return true;
    const problem = playTimeProblem(row.watchedAt, now);
    if (problem === null) return true;
    problems.push({
      file: row.file,
      line: row.line,
      message: `${problem}: this viewing is left out`,
    });
    return false;
  });
  if (parsed.format === 'marquee-backup') {
    const file = parsed.files[0] ?? 'backup';
    for (const { entry, problem } of splitPlays(backupHistory(parsed.backup), now).refused)
      problems.push({
        file,
        line: entry,
        message: `history entry ${entry}: ${problem}: this viewing is left out`,
      });
  }
  if (problems.length === 0) return parsed;
  return { ...parsed, rows, problems: [...parsed.problems, ...problems] };
}
