import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibrary } from '../library/store/library';
import { seeded } from '../library/testing/fake-account';
import { openDatabase } from './open';
import { tempDir } from './testing/db-files';

const CHANGES = 400;
const TRIALS = 100;
const PAGE = 4096;

/**
 * Issue 12, defect 2: damage at random places of library.db never loses an acknowledged change.
 * Every trial garbles one page (seeded), opens the library (salvaging when it must), and counts
 * the queued changes no longer in the outbox.
 */
describe('salvage of a damaged library', () => {
  const tmp = tempDir('marquee-salvage-');
  const template = path.join(tmp.dir, 'template.db');
  beforeAll(async () => {
    const opened = await openDatabase(template, { kind: 'library' });
    if (opened.status === 'unrecoverable') throw new Error(opened.reason);
    const library = createLibrary(opened.db, { clock: () => 1_000 });
    for (let id = 1; id <= CHANGES; id++)
      library.applyUserChange({ type: 'watchlist', mediaType: 'movie', mediaId: id, on: true });
    opened.db.close();
  });
  afterAll(() => {
    tmp.cleanup();
  });

  it(`loses no acknowledged change over ${TRIALS} random single-page corruptions`, async () => {
    const random = seeded(12);
    const pages = Math.floor(fs.statSync(template).size / PAGE);
    const figures = { salvaged: 0, healthy: 0, unrecoverable: 0, lost: 0, requeued: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const dir = path.join(tmp.dir, `t${trial}`);
      fs.mkdirSync(dir);
      const file = path.join(dir, 'library.db');
      fs.copyFileSync(template, file);
      // Any page but the first (the header and the schema's root: nothing can be read without it).
      const page = 2 + Math.floor(random() * (pages - 1));
      const fd = fs.openSync(file, 'r+');
      fs.writeSync(fd, Buffer.alloc(PAGE, 0), 0, PAGE, (page - 1) * PAGE);
      fs.closeSync(fd);

      const result = await openDatabase(file, { kind: 'library', clock: () => 2_000 + trial });
      if (result.status === 'unrecoverable') {
        // The file is kept as it was (with a backup): nothing was lost, nothing was salvaged.
        figures.unrecoverable += 1;
        continue;
      }
      if (result.status === 'recovered') {
        figures.salvaged += 1;
        figures.requeued += result.salvage.requeued ?? 0;
      } else figures.healthy += 1;
      const queued = new Set(
        result.db
          .prepare("SELECT item_key FROM outbox WHERE status IN ('pending', 'in_flight')")
          .pluck()
          .all() as string[],
      );
      result.db.close();
      for (let id = 1; id <= CHANGES; id++)
        if (!queued.has(`watchlist:movie:${id}`)) figures.lost += 1;
    }
    console.info(`salvage figures over ${TRIALS} trials, ${pages} pages:`, figures);
    expect(figures.lost).toBe(0);
  }, 60_000);
});
