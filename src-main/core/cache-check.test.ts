import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { damageMarker } from '../db/cache-check';
import { CACHE_FILE } from '../db/databases';
import { garblePages, pageCount } from '../db/testing/db-files';
import { CACHE_CHECK_AFTER_MS } from './cache-checks';
import { startTestCore, type TestCore } from './testing/core';

/**
 * The cache's full integrity check runs after start-up, not on its path: damage only that check
 * sees lets Marquee start, is found once the check has run, and the next start rebuilds the cache.
 */
describe('the cache checked after start-up', () => {
  let t: TestCore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const said = (event: string): number =>
    (t?.log.lines ?? []).filter((l) => (JSON.parse(l) as { event: string }).event === event).length;

  /** A cache with a few thousand responses, two of its last pages garbled (its schema intact). */
  async function damagedCache(test: TestCore): Promise<string> {
    await test.value('browse.topRatedTv', { page: 1 });
    await test.core.close();
    const file = path.join(test.dataDir, CACHE_FILE);
    const db = new Database(file);
    const insert = db.prepare(
      "INSERT INTO http_responses (key, family, body, fetched_at) VALUES (?, 'details', ?, 1)",
    );
    db.transaction(() => {
      for (let i = 1; i <= 3000; i++) insert.run(`filler:${String(i)}`, 'x'.repeat(200));
    })();
    db.close();
    garblePages(file, pageCount(file) - 3, 2);
    await test.restart();
    return file;
  }

  const rebuiltOnRestart = async (test: TestCore, file: string): Promise<void> => {
    expect(fs.existsSync(damageMarker(file))).toBe(true);
    await test.restart();
    expect(said('db.cache_rebuilt')).toBe(1);
    expect(await test.value('cache.status')).toMatchObject({ responses: 0 });
    expect(fs.existsSync(damageMarker(file))).toBe(false);
    expect(fs.readdirSync(test.dataDir).some((f) => f.startsWith(`${CACHE_FILE}.corrupt-`))).toBe(
      true,
    );
  };

  it('starts on a cache damaged past its schema, finds the damage once the timer fires, and rebuilds it on the next start', async () => {
    t = await startTestCore();
    const file = await damagedCache(t);
    expect(said('db.cache_rebuilt')).toBe(0);
    expect(said('db.cache_damaged')).toBe(0);
    t.timers.tick(CACHE_CHECK_AFTER_MS);
    await vi.waitFor(
      () => {
        expect(said('db.cache_damaged')).toBe(1);
      },
      { timeout: 10_000 },
    );
    await rebuiltOnRestart(t, file);
  });

  it('checks the cache at once when a call meets damage, so the restart the error asks for repairs it', async () => {
    t = await startTestCore();
    const file = await damagedCache(t);
    const refused = await t.call('cache.status');
    expect(refused).toMatchObject({ ok: false, error: { code: 'storage_io' } });
    expect(refused.ok ? '' : refused.error.message).toMatch(/Restart Marquee/);
    await vi.waitFor(
      () => {
        expect(said('db.cache_damaged')).toBe(1);
      },
      { timeout: 10_000 },
    );
    await rebuiltOnRestart(t, file);
  });

  it('finds nothing on a healthy cache and checks only once', async () => {
    t = await startTestCore();
    await t.value('browse.topRatedTv', { page: 1 });
    t.timers.tick(CACHE_CHECK_AFTER_MS);
    t.timers.tick(CACHE_CHECK_AFTER_MS);
    await t.restart();
    expect(said('db.cache_damaged')).toBe(0);
    expect(said('db.cache_rebuilt')).toBe(0);
    expect(fs.existsSync(damageMarker(path.join(t.dataDir, CACHE_FILE)))).toBe(false);
  });
});
