import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkApart, damageMarker } from './cache-check';
import { openDatabase, type OpenResult } from './open';
import { garblePages, pageCount, tempDir } from './testing/db-files';

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5);
const clock = (): number => NOW;

function opened(result: OpenResult): NonNullable<Extract<OpenResult, { db: unknown }>['db']> {
  if (result.status === 'unrecoverable') throw new Error(result.reason);
  return result.db;
}

/** A cache with enough responses to span many pages, closed cleanly (WAL checkpointed). */
async function seedCache(file: string, rows: number): Promise<void> {
  const db = opened(await openDatabase(file, { kind: 'cache', clock }));
  const insert = db.prepare(
    "INSERT INTO http_responses (key, family, body, fetched_at) VALUES (?, 'details', ?, 1)",
  );
  db.transaction(() => {
    for (let i = 1; i <= rows; i++) insert.run(`k${String(i)}`, 'x'.repeat(200));
  })();
  db.close();
}

describe('the cache check after start-up', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => (tmp = tempDir()));
  afterEach(() => {
    tmp.cleanup();
  });

  it('passes a healthy cache and leaves no marker', async () => {
    const file = path.join(tmp.dir, 'cache.db');
    await seedCache(file, 500);
    expect(await checkApart(file).result).toBeNull();
    expect(fs.existsSync(damageMarker(file))).toBe(false);
  });

  it('opens a cache whose damage only the full check sees, which then marks it; the next open rebuilds it', async () => {
    const file = path.join(tmp.dir, 'cache.db');
    await seedCache(file, 3000);
    // Leaf pages of the responses near the end: the schema page is intact.
    garblePages(file, pageCount(file) - 3, 2);

    const first = await openDatabase(file, { kind: 'cache', clock });
    expect(first.status).toBe('ok');
    opened(first).close();

    const problem = await checkApart(file).result;
    expect(problem).toMatch(/^integrity check failed|^cannot read database/);
    expect(fs.readFileSync(damageMarker(file), 'utf8')).toContain(problem);

    const second = await openDatabase(file, { kind: 'cache', clock });
    expect(second.status).toBe('rebuilt');
    if (second.status !== 'rebuilt') return;
    expect(second.reason).toBe(problem);
    expect(fs.existsSync(second.movedTo)).toBe(true);
    expect(fs.existsSync(damageMarker(file))).toBe(false);
    expect(second.db.prepare('SELECT count(*) FROM http_responses').pluck().get()).toBe(0);
    second.db.close();
  });

  it('still finds a damaged schema page at start-up, without the full check', async () => {
    const file = path.join(tmp.dir, 'cache.db');
    await seedCache(file, 10);
    garblePages(file, 1, 1);
    expect((await openDatabase(file, { kind: 'cache', clock })).status).toBe('rebuilt');
  });
});
