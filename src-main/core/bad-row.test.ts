import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from './testing/core';

/** Issue 12, defect 1: one unreadable stored row is set aside and shown, never a reason not to start. */
describe('a bad outbox row at start-up', () => {
  let t: TestCore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('starts, answers lists and sync, and shows the row as set aside', async () => {
    t = await startTestCore();
    // Offline and signed out: the 20 changes stay queued.
    for (let id = 1; id <= 20; id++) {
      await t.value('library.setWatchlist', { mediaType: 'movie', mediaId: id, on: true });
    }
    await t.core.close();
    const db = new Database(path.join(t.dataDir, 'library.db'));
    db.prepare(`UPDATE outbox SET op = replace(op, '"on":true', '"on":tXue') WHERE seq = 7`).run();
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    db.close();

    await t.restart();
    const outbox = await t.value('sync.outbox');
    expect(outbox.entries.filter((e) => e.status === 'pending')).toHaveLength(19);
    expect(outbox.deadLetters).toHaveLength(1);
    expect(outbox.deadLetters[0]).toMatchObject({ source: 'outbox', key: '7' });
    expect(outbox.deadLetters[0]?.reason).toMatch(/^not JSON/);
    const lists = await t.value('lists.all');
    expect(lists.lists).toEqual([]);
    const watchlist = await t.value('library.collection', {
      collection: 'watchlist',
      mediaType: 'movie',
    });
    expect(watchlist.items).toHaveLength(20);
  });
});
