import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickCheck } from '../db/connection';
import { openDatabase } from '../db/open';
import { bundleChild } from '../db/testing/bundle-child';
import { tempDir } from '../db/testing/db-files';
import { seeded } from './testing/fake-account';

const CHILD = path.join(import.meta.dirname, 'testing', 'crash-child.ts');
const TRIALS = Number(process.env.MARQUEE_CRASH_TRIALS ?? 200);
const LANES = 4;

/** Runs one child, kills it after a random delay once it is writing, and returns the acknowledged ids. */
function killedRun(
  script: string,
  file: string,
  firstId: number,
  delayMs: number,
): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, file, String(firstId)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (timer === undefined && out.includes('ready\n'))
        timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL') {
        reject(new Error(`child ended without being killed: ${stderr.slice(0, 500)}`));
        return;
      }
      // Only complete lines count: a partial line was never fully acknowledged.
      const lines = out
        .split('\n')
        .slice(0, -1)
        .filter((l) => l !== 'ready');
      resolve(lines.map(Number));
    });
  });
}

describe('crash safety of the library', () => {
  let tmp: ReturnType<typeof tempDir>;
  let script: string;
  beforeAll(async () => {
    tmp = tempDir('marquee-crash-');
    script = await bundleChild(CHILD, tmp.dir);
  });
  afterAll(() => {
    tmp.cleanup();
  });

  it(`loses no acknowledged change over ${TRIALS} SIGKILLs mid-write, and stays intact`, async () => {
    const random = seeded(42);
    const results = { trials: 0, lost: 0, integrityFailures: 0, acknowledged: 0 };
    await Promise.all(
      Array.from({ length: LANES }, async (_unused, lane) => {
        const file = path.join(tmp.dir, `lane${lane}`, 'library.db');
        let nextId = 1;
        for (let t = 0; t < TRIALS / LANES; t++) {
          const acked = await killedRun(script, file, nextId, Math.floor(random() * 40));
          nextId += 100_000; // Each run writes ids of its own range.
          const opened = await openDatabase(file, { kind: 'library' });
          if (opened.status !== 'ok') {
            results.integrityFailures += 1;
            continue;
          }
          if (quickCheck(opened.db).join() !== 'ok') results.integrityFailures += 1;
          const has = opened.db
            .prepare("SELECT 1 FROM outbox WHERE item_key = 'watchlist:movie:' || ?")
            .pluck();
          const inMirror = opened.db
            .prepare(
              "SELECT 1 FROM collection_entries WHERE collection = 'watchlist' AND media_id = ?",
            )
            .pluck();
          for (const id of acked) if (!has.get(String(id)) || !inMirror.get(id)) results.lost += 1;
          results.acknowledged += acked.length;
          results.trials += 1;
          opened.db.close();
        }
      }),
    );
    expect(results.trials).toBe(TRIALS);
    expect(results.acknowledged).toBeGreaterThan(TRIALS); // the kills did land mid-stream
    expect(results.lost).toBe(0);
    expect(results.integrityFailures).toBe(0);
  }, 300_000);
});
