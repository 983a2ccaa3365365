import { describe, expect, it } from 'vitest';
import type { Provenance } from '../../../src-shared/ipc/contract';
import { PagedFeed, type PageReply } from './paged-feed.svelte';

interface Item {
  id: number;
}

const network: Provenance = { source: 'network', fetchedAt: 1, stale: false };
const cache: Provenance = { source: 'cache', fetchedAt: 1, stale: true };

const pageOf = (page: number, ids: number[], totalPages = 3, meta = network): PageReply<Item> => ({
  ok: true,
  value: {
    data: {
      page,
      results: ids.map((id) => ({ id })),
      total_pages: totalPages,
      total_results: totalPages * 2,
    },
    meta,
  },
});

/** A loader whose answers the test releases in any order. */
function manual() {
  const calls: { page: number; answer: (reply: PageReply<Item>) => void }[] = [];
  const load = (page: number) =>
    new Promise<PageReply<Item>>((resolve) => calls.push({ page, answer: resolve }));
  return { load, calls };
}

const ids = (feed: PagedFeed<Item>) => feed.items.map((i) => i.id);

describe('PagedFeed', () => {
  it('appends the next page and stops at the last one', async () => {
    const feed = new PagedFeed<Item>(
      (page) => Promise.resolve(pageOf(page, [page * 10, page * 10 + 1], 2)),
      (i) => String(i.id),
    );
    await feed.reload();
    expect(ids(feed)).toEqual([10, 11]);
    expect(feed.hasMore).toBe(true);
    await feed.loadMore();
    expect(ids(feed)).toEqual([10, 11, 20, 21]);
    expect(feed.hasMore).toBe(false);
    await feed.loadMore();
    expect(feed.page).toBe(2);
  });

  it('shows a title only once when TMDB repeats it on the next page', async () => {
    const feed = new PagedFeed<Item>(
      (page) => Promise.resolve(pageOf(page, page === 1 ? [1, 2] : [2, 3])),
      (i) => String(i.id),
    );
    await feed.reload();
    await feed.loadMore();
    expect(ids(feed)).toEqual([1, 2, 3]);
  });

  it('applies only the latest reload when an older one answers last', async () => {
    const { load, calls } = manual();
    const feed = new PagedFeed<Item>(load, (i) => String(i.id));
    const first = feed.reload();
    const second = feed.reload();
    calls[1]?.answer(pageOf(1, [2]));
    calls[0]?.answer(pageOf(1, [1]));
    await Promise.all([first, second]);
    expect(ids(feed)).toEqual([2]);
  });

  it('keeps the pages shown when the next page fails, and retries that page', async () => {
    let fail = true;
    const feed = new PagedFeed<Item>(
      (page) =>
        Promise.resolve(
          page === 2 && fail
            ? { ok: false, error: { code: 'offline', message: 'TMDB is unreachable' } }
            : pageOf(page, [page]),
        ),
      (i) => String(i.id),
    );
    await feed.reload();
    await feed.loadMore();
    expect(feed.status).toBe('error');
    expect(feed.error?.code).toBe('offline');
    expect(ids(feed)).toEqual([1]);
    fail = false;
    await feed.retry();
    expect(ids(feed)).toEqual([1, 2]);
    expect(feed.error).toBeNull();
  });

  it('marks the feed as offline once any page came from the cache', async () => {
    const feed = new PagedFeed<Item>(
      (page) => Promise.resolve(pageOf(page, [page], 3, page === 1 ? cache : network)),
      (i) => String(i.id),
    );
    await feed.reload();
    await feed.loadMore();
    expect(feed.meta?.source).toBe('cache');
  });

  it('says empty only after TMDB answered with nothing', async () => {
    const feed = new PagedFeed<Item>(
      () => Promise.resolve(pageOf(1, [], 0)),
      (i) => String(i.id),
    );
    expect(feed.empty).toBe(false);
    await feed.reload();
    expect(feed.empty).toBe(true);
    expect(feed.hasMore).toBe(false);
  });

  it('continues after a seeded first page', async () => {
    const feed = new PagedFeed<Item>(
      (page) => Promise.resolve(pageOf(page, [page * 10])),
      (i) => String(i.id),
    );
    feed.seed({ page: 1, results: [{ id: 5 }], total_pages: 2, total_results: 2 }, network);
    await feed.loadMore();
    expect(ids(feed)).toEqual([5, 20]);
  });
});

describe('PagedFeed with unreadable results', () => {
  it('counts the results the core had to leave out, page after page', async () => {
    const withSkipped = (page: number, skipped: number): PageReply<Item> => {
      const reply = pageOf(page, [page * 10]);
      return reply.ok
        ? { ...reply, value: { ...reply.value, data: { ...reply.value.data, skipped } } }
        : reply;
    };
    const feed = new PagedFeed<Item>(
      (page) => Promise.resolve(withSkipped(page, page === 1 ? 1 : 2)),
      (i) => String(i.id),
    );
    await feed.reload();
    expect(feed.skipped).toBe(1);
    await feed.loadMore();
    expect(feed.skipped).toBe(3);
    await feed.reload();
    expect(feed.skipped).toBe(1);
  });
});
