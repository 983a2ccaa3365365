import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from './testing/bundle-child';
import { tempDir } from './testing/db-files';

const CHILD = path.join(import.meta.dirname, 'testing', 'open-child.ts');
const TRIALS = 20;

function openIn(script: string, dir: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out.trim()));
      } catch {
        resolve({ error: `no answer: ${err.slice(0, 300)}` });
      }
    });
  });
}

/** Issue 12, defect 4: two processes starting on one new data folder both migrate it safely. */
describe('two processes on one new data folder', () => {
  const tmp = tempDir('marquee-two-');
  let script = '';
  beforeAll(async () => {
    script = await bundleChild(CHILD, tmp.dir);
  }, 60_000);
  afterAll(() => {
    tmp.cleanup();
  });

  it(`both start with healthy databases, ${TRIALS} trials`, async () => {
    const outcomes: unknown[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const dir = path.join(tmp.dir, `trial-${trial}`);
      fs.mkdirSync(dir);
      outcomes.push(...(await Promise.all([openIn(script, dir), openIn(script, dir)])));
    }
    const healthy = {
      cache: 'ok',
      library: 'ok',
      libraryProblem: null,
      libraryFailure: null,
      libraryNotice: null,
    };
    expect(outcomes.filter((o) => JSON.stringify(o) !== JSON.stringify(healthy))).toEqual([]);
  }, 120_000);
});
