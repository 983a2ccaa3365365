import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quickCheck } from './connection';
import { openDatabase, type OpenResult } from './open';
import { garblePages, pageCount, tempDir } from './testing/db-files';

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5);
const clock = (): number => NOW;

function opened(result: OpenResult): Database.Database {
  if (result.status === 'unrecoverable')
    throw new Error(`expected an open database, got: ${result.reason}`);
  return result.db;
}

/** A library with enough watchlist rows to span many pages, closed cleanly (WAL checkpointed). */
async function seedLibrary(file: string, rows: number): Promise<void> {
  const db = opened(await openDatabase(file, { kind: 'library', clock }));
  const insert = db.prepare(
    "INSERT INTO collection_entries (collection, media_type, media_id, added_at) VALUES ('watchlist', 'movie', ?, ?)",
  );
  db.transaction(() => {
    for (let i = 1; i <= rows; i++) insert.run(i, i);
  })();
  db.close();
}

describe('openDatabase', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => (tmp = tempDir()));
  afterEach(() => {
    tmp.cleanup();
  });

  it('creates both databases at their latest schema and reopens them without migrating again', async () => {
    for (const kind of ['cache', 'library'] as const) {
      const file = path.join(tmp.dir, `${kind}.db`);
      const first = await openDatabase(file, { kind, clock });
      expect(first.status).toBe('ok');
      if (first.status !== 'ok') return;
      expect(first.migrations.from).toBe(0);
      expect(first.migrations.applied.length).toBeGreaterThan(0);
      first.db.close();
      const second = await openDatabase(file, { kind, clock });
      expect(second.status === 'ok' && second.migrations.applied).toEqual([]);
      opened(second).close();
    }
  });

  it('moves a corrupt cache aside with a timestamp and starts an empty one', async () => {
    const file = path.join(tmp.dir, 'cache.db');
    const db = opened(await openDatabase(file, { kind: 'cache', clock }));
    db.prepare(
      "INSERT INTO http_responses (key, family, body, fetched_at) VALUES ('k', 'details', '{}', 1)",
    ).run();
    db.close();
    garblePages(file, 1, 2);

    const result = await openDatabase(file, { kind: 'cache', clock });
    expect(result.status).toBe('rebuilt');
    if (result.status !== 'rebuilt') return;
    expect(result.movedTo).toBe(`${file}.corrupt-2025-01-02T03-04-05-000Z`);
    expect(fs.existsSync(result.movedTo)).toBe(true);
    expect(result.db.prepare('SELECT count(*) FROM http_responses').pluck().get()).toBe(0);
    expect(quickCheck(result.db)).toEqual(['ok']);
    result.db.close();
  });

  it('backs up a library with damaged pages, then carries every readable row into a healthy file', async () => {
    const file = path.join(tmp.dir, 'library.db');
    await seedLibrary(file, 3000);
    const pages = pageCount(file);
    // Damage two pages near the end (leaf pages of the watchlist table), not the schema page.
    garblePages(file, pages - 3, 2);

    const result = await openDatabase(file, { kind: 'library', clock });
    expect(result.status).toBe('recovered');
    if (result.status !== 'recovered') return;
    expect(fs.existsSync(result.backup)).toBe(true);
    expect(fs.readdirSync(tmp.dir).some((f) => f.startsWith('library.db.corrupt-'))).toBe(true);
    expect(quickCheck(result.db)).toEqual(['ok']);
    const kept = result.db
      .prepare('SELECT count(*) FROM collection_entries')
      .pluck()
      .get() as number;
    expect(kept).toBeGreaterThan(2000);
    expect(kept).toBeLessThanOrEqual(3000);
    expect(result.salvage.rows.collection_entries).toBe(kept);
    // The recovered file is a working library: it accepts writes.
    result.db
      .prepare(
        "INSERT INTO collection_entries (collection, media_type, media_id, added_at) VALUES ('favorite', 'tv', 1, 1)",
      )
      .run();
    result.db.close();
  });

  it('never deletes a library it cannot read: it keeps the file, copies its bytes, and says so', async () => {
    const file = path.join(tmp.dir, 'library.db');
    await seedLibrary(file, 10);
    garblePages(file, 1, pageCount(file));
    const before = fs.readFileSync(file);

    const result = await openDatabase(file, { kind: 'library', clock });
    expect(result.status).toBe('unrecoverable');
    if (result.status !== 'unrecoverable') return;
    expect(result.reason).toMatch(/cannot read database|integrity/);
    expect(result.backup).not.toBeNull();
    expect(fs.readFileSync(result.backup ?? '')).toEqual(before);
    expect(fs.readFileSync(file)).toEqual(before);
  });
});
