import type Database from 'better-sqlite3';
import type { ImportKind } from '../../../src-shared/ipc/contract/import';
import { backupFiles } from './backup-files';
import { storedRow, storedTargets } from './stored-names';

export { storedRow, storedTargets } from './stored-names';

export type JobState =
  'analysing' | 'ready' | 'applying' | 'done' | 'cancelled' | 'failed' | 'rolledBack';
export type RowState = 'matched' | 'review' | 'unmatched' | 'skipped' | 'waiting';
export type RowOutcome = 'added' | 'present' | 'failed' | 'undone';

export interface JobRecord {
  id: string;
  format: string;
  sourceName: string;
  state: JobState;
  files: string[];
  problems: { file: string; line: number; message: string }[];
  targets: unknown;
  /**
   * Whether the job holds a backup document (read on its own: `ImportJobStore.backup`, from a
   * file of its own: backup-files.ts).
   */
  hasBackup: boolean;
  result: unknown;
  note: string | null;
  error: string | null;
  attempts: number;
  createdAt: number;
  updatedAt: number;
  rows: number;
}

export interface RowRecord {
  jobId: string;
  rowId: number;
  kind: ImportKind;
  /** The reader's row (rows.ts `ImportRow`), as stored. */
  row: unknown;
  state: RowState;
  reason: string | null;
  candidates: unknown[];
  chosen: unknown;
  appliedAt: number | null;
  outcome: RowOutcome | null;
  /** Why the row failed, or the play uids it added (JSON). */
  undo: unknown;
}

export type NewRow = Pick<
  RowRecord,
  'rowId' | 'kind' | 'row' | 'state' | 'reason' | 'candidates' | 'chosen'
>;

interface JobRow {
  id: string;
  format: string;
  source_name: string;
  state: JobState;
  files: string;
  problems: string;
  targets: string | null;
  has_backup: 0 | 1;
  result: string | null;
  note: string | null;
  error: string | null;
  attempts: number;
  created_at: number;
  updated_at: number;
  rows: number;
}

interface StoredRow {
  job_id: string;
  row_id: number;
  kind: ImportKind;
  row: string;
  state: RowState;
  reason: string | null;
  candidates: string;
  chosen: string | null;
  applied_at: number | null;
  outcome: RowOutcome | null;
  undo: string | null;
}

/** A stored JSON column read back; a damaged one reads as null rather than stopping the job list. */
function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const toJob = (r: JobRow): JobRecord => ({
  id: r.id,
  format: r.format,
  sourceName: r.source_name,
  state: r.state,
  files: (parse(r.files) as string[] | null) ?? [],
  problems: (parse(r.problems) as JobRecord['problems'] | null) ?? [],
  targets: storedTargets(parse(r.targets)),
  hasBackup: r.has_backup === 1,
  result: parse(r.result),
  note: r.note,
  error: r.error,
  attempts: r.attempts,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  rows: r.rows,
});

const toRow = (r: StoredRow): RowRecord => ({
  jobId: r.job_id,
  rowId: r.row_id,
  kind: r.kind,
  row: storedRow(parse(r.row)),
  state: r.state,
  reason: r.reason,
  candidates: (parse(r.candidates) as unknown[] | null) ?? [],
  chosen: parse(r.chosen),
  appliedAt: r.applied_at,
  outcome: r.outcome,
  undo: parse(r.undo),
});

export interface JobPatch {
  state?: JobState;
  targets?: unknown;
  result?: unknown;
  note?: string | null;
  error?: string | null;
  attempts?: number;
}

/** Every SQL statement of the import domain. */
export interface ImportJobStore {
  create(job: {
    id: string;
    format: string;
    sourceName: string;
    files: string[];
    problems: JobRecord['problems'];
    backup: unknown;
    now: number;
  }): void;
  update(id: string, patch: JobPatch, now: number): void;
  job(id: string): JobRecord | undefined;
  /** A job's backup document as stored (null: none, or unreadable). */
  backup(id: string): unknown;
  /** Stores a job's backup document, as JSON text checked elsewhere. */
  setBackup(id: string, text: string): void;
  /** Newest first. */
  recent(limit: number): JobRecord[];
  inState(state: JobState): JobRecord[];
  insertRows(jobId: string, rows: readonly NewRow[]): void;
  /** Rows in row order; `after`: only those after that row (a page). */
  rows(
    jobId: string,
    filter?: { states?: readonly RowState[]; limit?: number; after?: number },
  ): RowRecord[];
  row(jobId: string, rowId: number): RowRecord | undefined;
  resolve(jobId: string, rowId: number, state: RowState, chosen: unknown): void;
  /** A waiting row matched again (a row no longer waiting, or applied, is left as it is). */
  rematch(jobId: string, row: Omit<NewRow, 'kind' | 'row'>): void;
  /** Jobs with rows waiting for TMDB, oldest first. */
  waitingJobs(): string[];
  /** Matched rows not yet applied, of these kinds, in row order. */
  pending(jobId: string, kinds: readonly ImportKind[], limit: number, after?: number): RowRecord[];
  markApplied(jobId: string, rowId: number, outcome: RowOutcome, undo: unknown, now: number): void;
  /** Rows per kind and match state. */
  stateCounts(jobId: string): { kind: ImportKind; state: RowState; count: number }[];
  /** List rows per list name. */
  listNames(jobId: string): { name: string; items: number }[];
  /** Rows that went through review (they have candidates), those still in review first. */
  reviewed(jobId: string, limit: number): RowRecord[];
  /** Applied rows per kind and outcome. */
  outcomes(jobId: string): { kind: ImportKind; outcome: RowOutcome; count: number }[];
  /** Applied rows that recorded what they added (for a roll back). */
  withUndo(jobId: string): RowRecord[];
  /** Runs `fn` in one transaction (nested calls join the outer one as a savepoint). */
  transaction<T>(fn: () => T): T;
}

export function createImportJobStore(db: Database.Database): ImportJobStore {
  const files = backupFiles(db);
  // A job's backup is in a file of its own; jobs stored before that hold it in their row.
  const withFile = (r: JobRow): JobRecord => {
    const job = toJob(r);
    if (!job.hasBackup && files !== null && r.format === 'marquee-backup')
      job.hasBackup = files.has(r.id);
    return job;
  };
  const insertJob = db.prepare(
    `INSERT INTO import_jobs (id, format, source_name, state, files, problems, backup, created_at, updated_at)
     VALUES (@id, @format, @sourceName, 'analysing', @files, @problems, @backup, @now, @now)`,
  );
  // Every column but a backup stored in the row by an earlier version: it is read only where used.
  const jobSelect = `SELECT j.id, j.format, j.source_name, j.state, j.files, j.problems, j.targets,
    j.backup IS NOT NULL AS has_backup, j.result, j.note, j.error, j.attempts, j.created_at,
    j.updated_at, (SELECT count(*) FROM import_rows r WHERE r.job_id = j.id) AS rows FROM import_jobs j`;
  const byId = db.prepare<[string], JobRow>(`${jobSelect} WHERE j.id = ?`);
  const backupOf = db
    .prepare<[string], string | null>('SELECT backup FROM import_jobs WHERE id = ?')
    .pluck();
  const recent = db.prepare<[number], JobRow>(
    `${jobSelect} ORDER BY j.created_at DESC, j.rowid DESC LIMIT ?`,
  );
  const inState = db.prepare<[string], JobRow>(
    `${jobSelect} WHERE j.state = ? ORDER BY j.created_at`,
  );
  const insertRow = db.prepare(
    `INSERT INTO import_rows (job_id, row_id, kind, row, state, reason, candidates, chosen)
     VALUES (@jobId, @rowId, @kind, @row, @state, @reason, @candidates, @chosen)`,
  );
  const oneRow = db.prepare<[string, number], StoredRow>(
    'SELECT * FROM import_rows WHERE job_id = ? AND row_id = ?',
  );
  const resolveRow = db.prepare(
    'UPDATE import_rows SET state = ?, chosen = ? WHERE job_id = ? AND row_id = ? AND applied_at IS NULL',
  );
  const rematchRow = db.prepare(
    `UPDATE import_rows SET state = @state, reason = @reason, candidates = @candidates, chosen = @chosen
     WHERE job_id = @jobId AND row_id = @rowId AND state = 'waiting' AND applied_at IS NULL`,
  );
  const waitingJobs = db.prepare<[], { job_id: string }>(
    `SELECT j.id AS job_id FROM import_jobs j WHERE EXISTS
       (SELECT 1 FROM import_rows r WHERE r.job_id = j.id AND r.state = 'waiting')
     ORDER BY j.created_at`,
  );
  const applied = db.prepare(
    'UPDATE import_rows SET applied_at = ?, outcome = ?, undo = ? WHERE job_id = ? AND row_id = ?',
  );
  const outcomes = db.prepare<[string], { kind: ImportKind; outcome: RowOutcome; count: number }>(
    `SELECT kind, outcome, count(*) AS count FROM import_rows
     WHERE job_id = ? AND outcome IS NOT NULL GROUP BY kind, outcome`,
  );
  const withUndo = db.prepare<[string], StoredRow>(
    "SELECT * FROM import_rows WHERE job_id = ? AND outcome = 'added' AND undo IS NOT NULL ORDER BY row_id",
  );
  const stateCounts = db.prepare<[string], { kind: ImportKind; state: RowState; count: number }>(
    'SELECT kind, state, count(*) AS count FROM import_rows WHERE job_id = ? GROUP BY kind, state',
  );
  const listNames = db.prepare<[string], { name: string | null; items: number }>(
    `SELECT json_extract(row, '$.list.name') AS name, count(*) AS items FROM import_rows
     WHERE job_id = ? AND kind = 'lists' GROUP BY name ORDER BY min(row_id)`,
  );
  const reviewed = db.prepare<[string, number], StoredRow>(
    `SELECT * FROM import_rows WHERE job_id = ? AND candidates <> '[]'
     ORDER BY state = 'review' DESC, row_id LIMIT ?`,
  );
  const insertMany = db.transaction((jobId: string, rows: readonly NewRow[]) => {
    for (const r of rows)
      insertRow.run({
        jobId,
        rowId: r.rowId,
        kind: r.kind,
        row: JSON.stringify(r.row),
        state: r.state,
        reason: r.reason,
        candidates: JSON.stringify(r.candidates),
        chosen: r.chosen === null || r.chosen === undefined ? null : JSON.stringify(r.chosen),
      });
  });

  return {
    create(job) {
      const text =
        job.backup === undefined || job.backup === null ? null : JSON.stringify(job.backup);
      insertJob.run({
        id: job.id,
        format: job.format,
        sourceName: job.sourceName,
        files: JSON.stringify(job.files),
        problems: JSON.stringify(job.problems),
        backup: files === null ? text : null,
        now: job.now,
      });
      if (files !== null && text !== null) files.write(job.id, text);
    },
    update(id, patch, now) {
      const sets: string[] = ['updated_at = @now'];
      const args: Record<string, unknown> = { id, now };
      if (patch.state !== undefined) {
        sets.push('state = @state');
        args.state = patch.state;
      }
      if (patch.targets !== undefined) {
        sets.push('targets = @targets');
        args.targets = JSON.stringify(patch.targets);
      }
      if (patch.result !== undefined) {
        sets.push('result = @result');
        args.result = JSON.stringify(patch.result);
      }
      if (patch.note !== undefined) {
        sets.push('note = @note');
        args.note = patch.note;
      }
      if (patch.error !== undefined) {
        sets.push('error = @error');
        args.error = patch.error;
      }
      if (patch.attempts !== undefined) {
        sets.push('attempts = @attempts');
        args.attempts = patch.attempts;
      }
      db.prepare(`UPDATE import_jobs SET ${sets.join(', ')} WHERE id = @id`).run(args);
    },
    job: (id) => {
      const row = byId.get(id);
      return row ? withFile(row) : undefined;
    },
    backup: (id) => parse(files?.read(id) ?? backupOf.get(id) ?? null),
    setBackup: (id, text) => {
      if (files !== null) files.write(id, text);
      else db.prepare('UPDATE import_jobs SET backup = ? WHERE id = ?').run(text, id);
    },
    recent: (limit) => recent.all(limit).map(withFile),
    inState: (state) => inState.all(state).map(withFile),
    insertRows: (jobId, rows) => {
      insertMany(jobId, rows);
    },
    rows(jobId, filter = {}) {
      const states = filter.states ?? [];
      const after = filter.after === undefined ? '' : ` AND row_id > ${Math.trunc(filter.after)}`;
      const where =
        (states.length > 0 ? ` AND state IN (${states.map(() => '?').join(',')})` : '') + after;
      const limit =
        filter.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.trunc(filter.limit))}`;
      return db
        .prepare<unknown[], StoredRow>(
          `SELECT * FROM import_rows WHERE job_id = ?${where} ORDER BY row_id${limit}`,
        )
        .all(jobId, ...states)
        .map(toRow);
    },
    row: (jobId, rowId) => {
      const r = oneRow.get(jobId, rowId);
      return r ? toRow(r) : undefined;
    },
    resolve: (jobId, rowId, state, chosen) => {
      resolveRow.run(state, chosen === null ? null : JSON.stringify(chosen), jobId, rowId);
    },
    rematch: (jobId, r) => {
      rematchRow.run({
        jobId,
        rowId: r.rowId,
        state: r.state,
        reason: r.reason,
        candidates: JSON.stringify(r.candidates),
        chosen: r.chosen === null || r.chosen === undefined ? null : JSON.stringify(r.chosen),
      });
    },
    waitingJobs: () => waitingJobs.all().map((r) => r.job_id),
    pending(jobId, kinds, limit, after = -1) {
      if (kinds.length === 0) return [];
      return db
        .prepare<unknown[], StoredRow>(
          `SELECT * FROM import_rows WHERE job_id = ? AND row_id > ? AND state = 'matched'
           AND applied_at IS NULL AND kind IN (${kinds.map(() => '?').join(',')})
           ORDER BY row_id LIMIT ?`,
        )
        .all(jobId, after, ...kinds, limit)
        .map(toRow);
    },
    markApplied: (jobId, rowId, outcome, undo, now) => {
      applied.run(now, outcome, undo === null ? null : JSON.stringify(undo), jobId, rowId);
    },
    outcomes: (jobId) => outcomes.all(jobId),
    stateCounts: (jobId) => stateCounts.all(jobId),
    listNames: (jobId) =>
      listNames
        .all(jobId)
        .filter((r): r is { name: string; items: number } => typeof r.name === 'string'),
    reviewed: (jobId, limit) => reviewed.all(jobId, limit).map(toRow),
    withUndo: (jobId) => withUndo.all(jobId).map(toRow),
    transaction: (fn) => db.transaction(fn)(),
  };
}
