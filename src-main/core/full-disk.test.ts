import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from './testing/core';
import { fill, smallDisk } from './testing/small-disk';

const disk = smallDisk();

/** Issue 12, defect 3: a full disk is not corruption; the core starts, says why, and writes again. */
describe.skipIf('skip' in disk)(
  `a full disk${'skip' in disk ? ` (skipped: ${disk.skip})` : ''}`,
  () => {
    let t: TestCore | undefined;
    afterAll(async () => {
      await t?.close();
      if ('dir' in disk) disk.unmount();
    });

    it('starts without moving anything aside, refuses changes as disk_full, and saves again once space returns', async () => {
      if (!('dir' in disk)) return;
      const dataDir = path.join(disk.dir, 'data');
      t = await startTestCore({ dataDir });
      await t.value('library.setWatchlist', { mediaType: 'movie', mediaId: 109, on: true });
      await t.core.close();

      // While running: the disk fills up; a change is refused in plain words, and saved once space returns.
      await t.restart();
      const filler = path.join(disk.dir, 'filler');
      fill(filler);
      const refused = await t.call('library.setWatchlist', {
        mediaType: 'movie',
        mediaId: 133,
        on: true,
      });
      expect(refused).toMatchObject({
        ok: false,
        error: {
          code: 'disk_full',
          message: 'The disk is full. Free some space and Marquee will save again.',
        },
      });
      const core = t;
      const watchlist = async (): Promise<number[]> =>
        (
          await core.value('library.collection', { collection: 'watchlist', mediaType: 'movie' })
        ).items
          .map((i) => i.mediaId)
          .sort();
      expect(await watchlist()).toEqual([109]);
      fs.rmSync(filler);
      await t.value('library.setWatchlist', { mediaType: 'movie', mediaId: 133, on: true });
      expect(await watchlist()).toEqual([109, 133]);

      // Starting on a full disk: the core starts, nothing is moved aside as corrupt, and the
      // library says why it cannot be used, in plain words.
      await t.core.close();
      fill(filler);
      await t.restart();
      expect(fs.readdirSync(dataDir).filter((f) => /corrupt|recover|backup/.test(f))).toEqual([]);
      const search = await t.call('library.collection', {
        collection: 'watchlist',
        mediaType: 'movie',
      });
      expect(search).toMatchObject({ ok: false });
      if (!search.ok) expect(['disk_full', 'storage_io']).toContain(search.error.code);

      // Space returns: the next start has everything.
      await t.core.close();
      fs.rmSync(filler);
      await t.restart();
      expect(await watchlist()).toEqual([109, 133]);
    });
  },
);
