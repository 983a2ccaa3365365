import { createHash } from 'node:crypto';
import type { ChangeInput } from '../changes/types';
import type { ImportRow, SourceRef } from './rows';

/**
 * The import domain's one change: a decision the user made in a preview's review (this title in
 * the file is that TMDB title, or is skipped). The job and its row numbers are this computer's;
 * the record names the row by what the file says of it, so another computer importing the same
 * export can take the same decision.
 *
 * | kind            | entity                                  | data               |
 * | --------------- | --------------------------------------- | ------------------ |
 * | `import.decide` | `import-row:<format>:<hash of the ref>` | {@link ImportDecision} |
 */
export interface ImportDecision {
  /** The file's format, as the job names it. */
  format: string;
  kind: ImportRow['kind'];
  /** What the file says of the title (ids, title, year, type). */
  ref: SourceRef;
  choice: { mediaType: 'movie' | 'tv'; id: number } | { skip: true };
}

/** The row's identity in any copy of the file: its kind and what it says of the title. */
function rowKey(format: string, row: ImportRow): string {
  const ref = Object.fromEntries(
    Object.entries(row.ref).sort(([a], [b]) => a.localeCompare(b)),
  ) as Record<string, unknown>;
  return createHash('sha256')
    .update(JSON.stringify([format, row.kind, ref]))
    .digest('hex')
    .slice(0, 32);
}

export const importDecided = (
  format: string,
  row: ImportRow,
  choice: ImportDecision['choice'],
): ChangeInput => ({
  domain: 'import',
  kind: 'import.decide',
  entity: `import-row:${format}:${rowKey(format, row)}`,
  data: { format, kind: row.kind, ref: { ...row.ref }, choice } satisfies ImportDecision,
});
