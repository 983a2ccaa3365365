import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { flipColumnName } from '../db/testing/damage';
import { startTestCore, type TestCore } from './testing/core';

/**
 * One flipped byte in the library's schema text passes `quick_check` but made a prepared
 * statement throw on every start, so every library channel failed. Start-up finds it, backs the
 * file up, recovers it, and says so.
 */
describe('a library whose schema text is damaged', () => {
  let t: TestCore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.each([
    ['import_jobs', 'files'],
    ['play_totals', 'plays'],
    ['series_seasons', 'name'],
    ['inbox', 'title'],
  ])('starts, backs up and recovers when %s.%s is renamed', async (table, column) => {
    t = await startTestCore();
    expect(await t.value('app.notices')).toEqual({ notices: [] });
    await t.value('library.setWatchlist', { mediaType: 'movie', mediaId: 109, on: true });
    await t.core.close();
    flipColumnName(`${t.dataDir}/library.db`, table, column);

    await t.restart();
    const watchlist = await t.value('library.collection', {
      collection: 'watchlist',
      mediaType: 'movie',
    });
    expect(watchlist.items.map((i) => i.mediaId)).toEqual([109]);
    expect((await t.value('sync.outbox')).entries).toHaveLength(1);
    const files = fs.readdirSync(t.dataDir).filter((f) => !/-(wal|shm)$/.test(f));
    expect(files.filter((f) => f.startsWith('library.db.backup-'))).toHaveLength(1);
    expect(files.filter((f) => f.startsWith('library.db.corrupt-'))).toHaveLength(1);
    const said = t.log.lines
      .map((l) => JSON.parse(l) as { event: string; message?: string })
      .filter((r) => r.event === 'db.library_recovered');
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toMatch(
      /^Marquee found damage in its library file and repaired it; a copy of the damaged file is kept as library\.db\.backup-[^ ]+\.$/,
    );
    // The window says the same sentence, once start-up is over.
    expect(await t.value('app.notices')).toEqual({ notices: [said[0]?.message] });
  });
});

/**
 * Recovery copied rows without checking them: a list id with a flipped byte was then refused by
 * the contract's id pattern, so the list could be neither opened nor deleted.
 */
describe('a recovered library whose list ids were damaged', () => {
  let t: TestCore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('mends each list id from what the file still knows, so every list opens and deletes', async () => {
    t = await startTestCore();
    await t.signIn();
    await t.value('lists.create', { name: 'Synced', description: '' });
    await t.value('sync.now');
    t.catalogue.faults.set([{ kind: 'drop' }]);
    const local = (await t.value('lists.create', { name: 'Local', description: '' })).list;
    await t.value('lists.addItem', { listId: local.id, movieId: 109 });
    await t.core.close();
    const file = `${t.dataDir}/library.db`;
    const db = new Database(file);
    db.pragma('foreign_keys = OFF');
    // One flipped byte in each list's id ("local-" becomes "local."), in the lists table only.
    db.prepare("UPDATE lists SET id = 'local.' || substr(id, 7)").run();
    db.close();
    flipColumnName(file, 'import_jobs', 'files');

    t.catalogue.faults.clear();
    await t.restart();
    const lists = (await t.value('lists.all')).lists;
    expect(lists.map((l) => l.name).sort()).toEqual(['Local', 'Synced']);
    for (const list of lists) {
      const opened = await t.value('lists.get', { listId: list.id });
      expect(opened.items.map((i) => i.mediaId)).toEqual(list.name === 'Local' ? [109] : []);
      await t.value('lists.delete', { listId: list.id });
    }
    expect((await t.value('lists.all')).lists).toEqual([]);
  });
});
