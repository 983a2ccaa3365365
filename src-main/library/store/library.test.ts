import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollectionReader } from './collections';
import { tempLibrary } from '../testing/temp-library';

describe('library', () => {
  let env: Awaited<ReturnType<typeof tempLibrary>>;
  beforeEach(async () => (env = await tempLibrary()));
  afterEach(() => {
    env.cleanup();
  });

  const read = (q: Parameters<ReturnType<typeof createCollectionReader>>[0]) =>
    createCollectionReader(env.db)(q);
  const ops = () => env.library.pending().map((n) => n.op);

  it('shows a change at once and queues it in the same transaction', () => {
    env.library.applyUserChange({
      type: 'watchlist',
      mediaType: 'movie',
      mediaId: 550,
      on: true,
      summary: { title: 'Fight Club' },
    });
    expect(read({ kind: 'watchlist' }).items).toMatchObject([
      { mediaType: 'movie', mediaId: 550, title: 'Fight Club' },
    ]);
    expect(ops()).toEqual([{ type: 'watchlist', mediaType: 'movie', mediaId: 550, on: true }]);
  });

  it('rejects bad input with a clear error and writes nothing', () => {
    expect(() =>
      env.library.applyUserChange({
        type: 'rating',
        target: { mediaType: 'movie', mediaId: 5 },
        value: 7.3,
      }),
    ).toThrow(/multiple of 0.5/);
    expect(() =>
      env.library.applyUserChange({
        type: 'list_item',
        listId: 'local-404',
        mediaType: 'movie',
        mediaId: 1,
        present: true,
      }),
    ).toThrow(/no list with id local-404/);
    expect(env.library.entries()).toEqual([]);
  });

  it('collapses each item to its last intent', () => {
    const L = env.library;
    L.applyUserChange({ type: 'watchlist', mediaType: 'movie', mediaId: 5, on: true });
    L.applyUserChange({ type: 'rating', target: { mediaType: 'tv', mediaId: 9 }, value: 6 });
    L.applyUserChange({ type: 'watchlist', mediaType: 'movie', mediaId: 5, on: false });
    L.applyUserChange({ type: 'rating', target: { mediaType: 'tv', mediaId: 9 }, value: 8 });
    L.applyUserChange({
      type: 'rating',
      target: { mediaType: 'episode', mediaId: 9, season: 1, episode: 2 },
      value: 10,
    });
    const pending = L.pending();
    expect(pending.map((n) => n.op)).toEqual([
      { type: 'watchlist', mediaType: 'movie', mediaId: 5, on: false },
      { type: 'rating', target: { mediaType: 'tv', mediaId: 9 }, value: 8 },
      {
        type: 'rating',
        target: { mediaType: 'episode', mediaId: 9, season: 1, episode: 2 },
        value: 10,
      },
    ]);
    expect(pending[0]?.covers).toEqual([1, 3]);
    expect(
      read({ kind: 'rated', sort: 'rating' }).items.map((i) => [
        i.mediaType,
        i.rating,
        i.episodeNumber,
      ]),
    ).toEqual([
      ['episode', 10, 2],
      ['tv', 8, null],
    ]);
  });

  it('sends nothing for a list created and deleted offline, and says why', () => {
    const { listId } = env.library.applyUserChange({ type: 'list_create', name: 'Noir' });
    expect(listId).toBe('local-1');
    env.library.applyUserChange({
      type: 'list_item',
      listId: 'local-1',
      mediaType: 'movie',
      mediaId: 1,
      present: true,
    });
    env.library.applyUserChange({ type: 'list_delete', listId: 'local-1' });
    expect(env.library.pending()).toEqual([]);
    expect(env.library.entries(['cancelled'])).toHaveLength(3);
  });

  it('a clear covers earlier item changes of that list; later ones still go', () => {
    const { listId = '' } = env.library.applyUserChange({ type: 'list_create', name: 'Noir' });
    env.library.applyUserChange({
      type: 'list_item',
      listId,
      mediaType: 'movie',
      mediaId: 1,
      present: true,
    });
    env.library.applyUserChange({ type: 'list_clear', listId });
    env.library.applyUserChange({
      type: 'list_item',
      listId,
      mediaType: 'movie',
      mediaId: 2,
      present: true,
    });
    expect(ops().map((o) => o.type)).toEqual(['list_create', 'list_clear', 'list_item']);
    expect(read({ kind: 'list', listId }).items.map((i) => i.mediaId)).toEqual([2]);
  });

  it('a pull replaces the mirror but keeps unsent local changes on top', () => {
    env.library.applyUserChange({ type: 'watchlist', mediaType: 'tv', mediaId: 1399, on: true });
    env.library.replaceMirror({
      watchlist: [{ mediaType: 'movie', mediaId: 603, summary: { title: 'The Matrix' } }],
      favorites: [],
      rated: [{ target: { mediaType: 'movie', mediaId: 603 }, value: 9 }],
      lists: [{ serverId: 77, name: 'Server list', items: [{ mediaType: 'movie', mediaId: 603 }] }],
    });
    expect(
      read({ kind: 'watchlist', sort: 'title' })
        .items.map((i) => i.mediaId)
        .sort(),
    ).toEqual([1399, 603]);
    expect(read({ kind: 'list', listId: '77' }).items.map((i) => i.mediaId)).toEqual([603]);
    expect(env.library.serverListId('77')).toBe(77);
  });

  it('reads a collection sorted, filtered by type and title, and paged, with the total', () => {
    for (let i = 1; i <= 30; i++) {
      env.clock.now = 1000 + i;
      env.library.applyUserChange({
        type: 'favorite',
        mediaType: i % 2 ? 'movie' : 'tv',
        mediaId: i,
        on: true,
        summary: { title: `Title ${String(i).padStart(2, '0')}`, popularity: 100 - i },
      });
    }
    const page = read({ kind: 'favorite', mediaType: 'movie', sort: 'title', limit: 5, offset: 5 });
    expect(page.total).toBe(15);
    expect(page.items.map((i) => i.title)).toEqual([
      'Title 11',
      'Title 13',
      'Title 15',
      'Title 17',
      'Title 19',
    ]);
    expect(read({ kind: 'favorite', sort: 'added', limit: 1 }).items[0]?.mediaId).toBe(30);
    expect(read({ kind: 'favorite', filter: 'TITLE 2' }).total).toBe(10);
  });
});
