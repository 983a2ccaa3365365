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
    // Its intact copy (local_intents) was queued again: all 20 changes still wait to be sent.
    expect(outbox.entries.filter((e) => e.status === 'pending')).toHaveLength(20);
    expect(outbox.deadLetters).toHaveLength(1);
    expect(outbox.deadLetters[0]).toMatchObject({ source: 'outbox', key: '7' });
    expect(outbox.deadLetters[0]?.reason).toMatch(/^Its saved copy was damaged/);
    const lists = await t.value('lists.all');
    expect(lists.lists).toEqual([]);
    const watchlist = await t.value('library.collection', {
      collection: 'watchlist',
      mediaType: 'movie',
    });
    expect(watchlist.items).toHaveLength(20);
  });

  it('queues a damaged change again from its intact copy: it reaches TMDB and stays in the app', async () => {
    t = await startTestCore();
    await t.signIn();
    const films = (await t.value('browse.discoverMovies', { page: 1 })).data.results
      .slice(0, 5)
      .map((r) => r.id);
    // Offline: the five adds stay queued.
    t.catalogue.faults.set([{ kind: 'drop' }]);
    for (const id of films)
      await t.value('library.setWatchlist', { mediaType: 'movie', mediaId: id, on: true });
    await t.core.close();
    const damaged = films[2];
    const db = new Database(path.join(t.dataDir, 'library.db'));
    db.prepare(
      `UPDATE outbox SET op = replace(op, '"on":true', '"on":tXue') WHERE item_key = ?`,
    ).run(`watchlist:movie:${String(damaged)}`);
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    db.close();

    t.catalogue.faults.clear();
    await t.restart();
    // This core keeps its session in memory: signing in again, online, sends what is queued.
    await t.signIn();
    await t.value('sync.now');
    const onTmdb = [...t.catalogue.state.demoAccount.watchlist.movie.keys()];
    expect(onTmdb).toEqual(expect.arrayContaining(films));
    const watchlist = await t.value('library.collection', {
      collection: 'watchlist',
      mediaType: 'movie',
    });
    expect(watchlist.items.map((i) => i.mediaId)).toEqual(expect.arrayContaining(films));
    const outbox = await t.value('sync.outbox');
    expect(outbox.deadLetters).toEqual([
      expect.objectContaining({
        source: 'outbox',
        reason:
          'Its saved copy was damaged. Marquee queued the change again from its second copy, so it will still be sent.',
      }),
    ]);
    expect(outbox.entries.filter((e) => e.status === 'pending')).toEqual([]);
  });
});
