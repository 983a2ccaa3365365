import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from './testing/core';
import { fill, smallDisk } from './testing/small-disk';

const DISK_FULL = 'The disk is full. Free some space and Marquee will save again.';
const probe = smallDisk();
if ('dir' in probe) probe.unmount();

/** A disk with (almost) no room left is said to be full, and nothing is lost. */
describe.skipIf('skip' in probe)(
  `a disk with little room${'skip' in probe ? ` (skipped: ${probe.skip})` : ''}`,
  () => {
    let t: TestCore | undefined;
    let disk: { dir: string; unmount: () => void } | undefined;
    /** A fresh small disk for each test, so no test starts on what another left behind. */
    const mount = (): { dir: string; filler: string } => {
      const mounted = smallDisk();
      if (!('dir' in mounted)) throw new Error(mounted.skip);
      disk = mounted;
      return { dir: mounted.dir, filler: path.join(mounted.dir, 'filler') };
    };
    afterEach(async () => {
      await t?.close();
      t = undefined;
      disk?.unmount();
      disk = undefined;
    });

    it('settings.set on a full disk says the disk is full and keeps the saved settings', async () => {
      const { dir, filler } = mount();
      t = await startTestCore({ dataDir: path.join(dir, 'data') });
      await t.value('settings.set', { region: 'FR' });
      fill(filler);
      const refused = await t.call('settings.set', { region: 'DE' });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'disk_full', message: DISK_FULL },
      });
      expect((await t.value('settings.get')).region).toBe('FR');
      fs.rmSync(filler);
      await t.value('settings.set', { region: 'DE' });
      await t.restart();
      expect((await t.value('settings.get')).region).toBe('DE');
    });

    it('a start with under 16 KiB free says the disk is full, not that the library is lost', async () => {
      const { dir, filler } = mount();
      const dataDir = path.join(dir, 'data');
      t = await startTestCore({ dataDir });
      await t.value('library.setWatchlist', { mediaType: 'movie', mediaId: 109, on: true });
      await t.core.close();
      fill(filler, 8 * 1024);

      await t.restart();
      const answer = await t.call('library.collection', {
        collection: 'watchlist',
        mediaType: 'movie',
      });
      expect(answer.ok ? null : answer.error.code).toBe('disk_full');
      expect(answer.ok ? '' : answer.error.message).toContain(DISK_FULL);
      expect(fs.readdirSync(dataDir).filter((f) => /corrupt|recover|backup/.test(f))).toEqual([]);
      expect(t.log.lines.filter((l) => l.includes('unrecoverable'))).toEqual([]);

      await t.core.close();
      fs.rmSync(filler);
      await t.restart();
      const watchlist = await t.value('library.collection', {
        collection: 'watchlist',
        mediaType: 'movie',
      });
      expect(watchlist.items.map((i) => i.mediaId)).toEqual([109]);
    });
  },
);
