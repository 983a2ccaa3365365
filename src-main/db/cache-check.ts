import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The cache's full integrity check (`PRAGMA quick_check`, over a second of work on a large cache)
 * is kept off the start path: start-up only reads the cache's schema, and this check runs later,
 * on a thread of its own with its own read-only connection, so neither start-up nor the main
 * process waits for it. What it finds is written beside the file (`damageMarker`); the next
 * start moves the cache aside and rebuilds it, as it does with damage found at start-up. The
 * library keeps its check at start-up: it holds the user's data.
 */
export const damageMarker = (file: string): string => `${file}.damaged`;

/** What the marker says, or null when there is none. */
export function markedDamage(file: string): string | null {
  try {
    return fs.readFileSync(damageMarker(file), 'utf8').trim() || 'marked as damaged';
  } catch {
    return null;
  }
}

export function clearDamageMarker(file: string): void {
  fs.rmSync(damageMarker(file), { force: true });
}

// Plain JavaScript for the thread: Node loads no TypeScript there, and the driver is the one this
// process uses (its path is handed over), so no bundle of its own is needed.
const CHECK = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  parentPort.postMessage({ rows: db.pragma('quick_check').map((r) => r.quick_check) });
} catch (error) {
  parentPort.postMessage({ error: String((error && error.message) || error), code: error && error.code });
} finally {
  if (db) db.close();
}
`;

export interface CacheCheck {
  /** null when the file passed, else what is wrong with it (the marker is then written). */
  result: Promise<string | null>;
  /** Stops the check (closing Marquee); `result` then resolves with null. */
  stop(): Promise<void>;
}

/** Runs `quick_check` on `file` on a thread of its own and marks the file when it fails. */
export function checkApart(file: string): CacheCheck {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CHECK, { eval: true, workerData: { file, driver } });
  const result = new Promise<string | null>((resolve, reject) => {
    worker.once('message', (reply: { rows?: string[]; error?: string; code?: string }) => {
      const problem =
        reply.rows !== undefined
          ? reply.rows.length === 1 && reply.rows[0] === 'ok'
            ? null
            : `integrity check failed: ${reply.rows.slice(0, 3).join('; ')}`
          : /^SQLITE_(CORRUPT|NOTADB)/.test(reply.code ?? '')
            ? `cannot read database: ${reply.error ?? ''}`
            : null;
      if (problem !== null) fs.writeFileSync(damageMarker(file), `${problem}\n`, { mode: 0o600 });
      resolve(problem);
    });
    worker.once('error', reject);
    worker.once('exit', () => {
      resolve(null);
    });
  });
  return {
    result,
    stop: async () => {
      await worker.terminate();
    },
  };
}
