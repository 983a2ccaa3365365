import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';

/**
 * A backup document stored with its import job, as a file of its own in the data folder
 * (`import-backups/<job id>.json`) beside the library, never in the job's row: a row holding
 * megabytes is read and written whole by every update of the job's state, so each of those would
 * hold whichever thread made it for as long as the megabytes take. Only the thread that reads or
 * restores the backup touches the file. A library in memory (tests) keeps the document in the row.
 */
export interface BackupFiles {
  read(jobId: string): string | null;
  /** Written whole or not at all (a temporary file renamed over the old one). */
  write(jobId: string, text: string): void;
  has(jobId: string): boolean;
}

export const BACKUPS_FOLDER = 'import-backups';

/** Job ids are Marquee's own UUIDs; anything else never names a file. */
const SAFE_ID = /^[A-Za-z0-9-]{1,80}$/;

/** The backup files of the library open as `db`; null for a library in memory. */
export function backupFiles(db: Database.Database): BackupFiles | null {
  if (db.memory || db.name === '' || db.name === ':memory:') return null;
  const folder = path.join(path.dirname(db.name), BACKUPS_FOLDER);
  const fileOf = (jobId: string): string => {
    if (!SAFE_ID.test(jobId)) throw new Error('An import job id names no backup file.');
    return path.join(folder, `${jobId}.json`);
  };
  return {
    read(jobId) {
      try {
        return fs.readFileSync(fileOf(jobId), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    write(jobId, text) {
      const file = fileOf(jobId);
      fs.mkdirSync(folder, { recursive: true });
      const partial = `${file}.partial`;
      const fd = fs.openSync(partial, 'w');
      try {
        fs.writeSync(fd, text);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(partial, file);
    },
    has: (jobId) => SAFE_ID.test(jobId) && fs.existsSync(fileOf(jobId)),
  };
}
