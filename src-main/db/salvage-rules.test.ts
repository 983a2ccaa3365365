import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLibrary } from '../library/store/library';
import { openDatabase } from './open';
import { SET_ASIDE_ON_RECOVERY } from './salvage-rules';
import { tempDir } from './testing/db-files';

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5);

describe('rows checked while recovering', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => (tmp = tempDir()));
  afterEach(() => {
    tmp.cleanup();
  });

  it('sets aside a list whose damaged id nothing can mend, with its items, and says so plainly', async () => {
    const file = path.join(tmp.dir, 'library.db');
    const first = await openDatabase(file, { kind: 'library', clock: () => 1 });
    if (first.status === 'unrecoverable') throw new Error(first.reason);
    const library = createLibrary(first.db, { clock: () => 1 });
    const { listId } = library.applyUserChange({ type: 'list_create', name: 'Noir' });
    library.applyUserChange({ type: 'list_create', name: 'Kept' });
    library.applyUserChange({
      type: 'list_item',
      listId: listId ?? '',
      mediaType: 'movie',
      mediaId: 7,
      present: true,
    });
    first.db.pragma('foreign_keys = OFF');
    // Damage in the id and the name together: neither TMDB's id nor a queued change names it.
    first.db
      .prepare("UPDATE lists SET id = 'local.' || substr(id, 7), name = 'Nxir' WHERE id = ?")
      .run(listId);
    first.db.close();

    const result = await openDatabase(file, {
      kind: 'library',
      clock: () => NOW,
      damaged: 'a statement would not prepare',
    });
    if (result.status !== 'recovered') throw new Error(result.status);
    expect(result.db.prepare('SELECT name FROM lists').pluck().all()).toEqual(['Kept']);
    expect(result.db.prepare('SELECT count(*) FROM list_items').pluck().get()).toBe(0);
    const setAside = result.db
      .prepare('SELECT source, reason, found_at AS foundAt FROM dead_letters ORDER BY source')
      .all();
    expect(setAside).toEqual([
      { source: 'recovery:list_items', reason: SET_ASIDE_ON_RECOVERY, foundAt: NOW },
      { source: 'recovery:lists', reason: SET_ASIDE_ON_RECOVERY, foundAt: NOW },
    ]);
    expect(result.salvage.setAside).toBe(2);
    result.db.close();
  });
});
