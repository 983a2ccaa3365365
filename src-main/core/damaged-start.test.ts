import fs from 'node:fs';
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
  });
});
