import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROBE_INTERVAL_MS } from '../base/network-status';
import { startTestCore, type TestCore } from './testing/core';

/**
 * Issue 12, defect 5: TMDB applies a change and the answer is lost. The retry must not make a
 * second list, nor bring back a list the user deleted meanwhile; every other kind of change ends
 * in the user's last intent too.
 */
describe('lost answers', () => {
  let t: TestCore;
  beforeEach(async () => {
    t = await startTestCore();
    await t.signIn();
  });
  afterEach(async () => t.close());

  /** Loses the answer to the next request whose path matches, then lets the network return. */
  const loseNextAnswer = (pathPattern: RegExp): void => {
    t.catalogue.faults.set([{ kind: 'lost_answer', next: 1, pathPattern }]);
  };
  const recover = async (): Promise<void> => {
    t.catalogue.faults.clear();
    if (!t.core.network.online) {
      t.timers.tick(PROBE_INTERVAL_MS);
      await expect.poll(() => t.core.network.online).toBe(true);
    }
    await t.value('sync.now');
  };
  const listNames = async (): Promise<string[]> =>
    (await t.value('lists.all')).lists.map((l) => l.name);

  it('a create whose answer was lost is found and adopted, not made twice', async () => {
    loseNextAnswer(/^\/3\/list$/);
    await t.value('lists.create', { name: 'Noir', description: 'late-night films' });
    await t.value('sync.now');
    await recover();
    expect(await listNames()).toEqual(['Noir']);
    const [noir] = (await t.value('lists.all')).lists;
    expect(noir?.description).toBe('late-night films');
    expect(noir?.pending).toBe(false);
  });

  it('a list deleted after its create lost its answer stays deleted', async () => {
    loseNextAnswer(/^\/3\/list$/);
    const { list } = await t.value('lists.create', { name: 'Noir', description: '' });
    await t.value('sync.now');
    await t.value('lists.delete', { listId: list.id });
    await recover();
    await t.value('sync.now');
    expect(await listNames()).toEqual([]);
  });

  it('every other kind of change ends in the last intent after a lost answer', async () => {
    const { list } = await t.value('lists.create', { name: 'Keep', description: '' });
    await t.value('sync.now');
    const steps: Array<[RegExp, () => Promise<unknown>]> = [
      [
        /watchlist$/,
        () => t.value('library.setWatchlist', { mediaType: 'movie', mediaId: 109, on: true }),
      ],
      [
        /favorite$/,
        () => t.value('library.setFavorite', { mediaType: 'tv', mediaId: 1004, on: true }),
      ],
      [
        /\/rating$/,
        () => t.value('library.rate', { target: { mediaType: 'movie', mediaId: 133 }, value: 7 }),
      ],
      [/add_item$/, () => t.value('lists.addItem', { listId: list.id, movieId: 109 })],
      [/add_item$/, () => t.value('lists.addItem', { listId: list.id, movieId: 133 })],
      [/remove_item$/, () => t.value('lists.removeItem', { listId: list.id, movieId: 133 })],
      [
        /\/rating$/,
        () =>
          t.value('library.rate', { target: { mediaType: 'movie', mediaId: 133 }, value: null }),
      ],
    ];
    for (const [pattern, change] of steps) {
      loseNextAnswer(pattern);
      await change();
      await t.value('sync.now');
      await recover();
    }
    const state = await t.value('library.state', { target: { mediaType: 'movie', mediaId: 109 } });
    expect(state).toMatchObject({ watchlist: true, pending: false });
    expect(
      await t.value('library.state', { target: { mediaType: 'tv', mediaId: 1004 } }),
    ).toMatchObject({
      favorite: true,
    });
    expect(
      await t.value('library.state', { target: { mediaType: 'movie', mediaId: 133 } }),
    ).toMatchObject({
      rating: null,
    });
    const keep = await t.value('lists.get', { listId: list.id });
    expect(keep.items.map((i) => i.mediaId)).toEqual([109]);
    const outbox = await t.value('sync.outbox');
    expect(outbox.entries.filter((e) => e.status === 'failed')).toEqual([]);

    // Clear and delete, each losing its answer once.
    loseNextAnswer(/\/clear$/);
    await t.value('lists.clear', { listId: list.id, confirm: true });
    await t.value('sync.now');
    await recover();
    expect((await t.value('lists.get', { listId: list.id })).items).toEqual([]);
    loseNextAnswer(new RegExp(`^/3/list/\\d+$`));
    await t.value('lists.delete', { listId: list.id });
    await t.value('sync.now');
    await recover();
    expect(await listNames()).toEqual([]);
  });
});
