import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../core/testing/core';

type Item = { media_type: string; id: number; title?: string; name?: string };
const itemsOf = (data: unknown): Item[] => (data as { results: Item[] }).results;
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('search.multi offline', () => {
  let t: TestCore;
  let accented: Item;
  let castMember: { id: number; name: string };
  beforeAll(async () => {
    t = await startTestCore({ catalogue: { titles: 400 } });
    // The user browses a few pages and opens one film: that is all Marquee has seen.
    const seen: Item[] = [];
    for (let page = 1; page <= 5; page++) {
      seen.push(
        ...itemsOf(
          (await t.value('browse.discoverMovies', { page, genres: [], providers: [] })).data,
        ),
      );
    }
    const found = seen.find((m) => /[^\x20-\x7e]/.test(m.title ?? ''));
    if (!found)
      throw new Error('the test catalogue should hold an accented title among the first pages');
    accented = found;
    const details = (await t.value('movie.details', { id: accented.id })).data as {
      credits: { cast: Array<{ id: number; name: string }> };
    };
    const first = details.credits.cast[0];
    if (!first) throw new Error('the film should have a cast');
    castMember = first;
    // TMDB goes away.
    t.catalogue.faults.set([{ kind: 'drop' }]);
    await t.call('browse.topRatedTv', { page: 9 });
    expect(t.core.network.online).toBe(false);
  });
  afterAll(async () => t.close());

  it('finds a title seen while browsing, typed without accents and cut short, from the local index', async () => {
    const word = (accented.title ?? '').split(/\s+/).find((w) => /[^\x20-\x7e]/.test(w)) ?? '';
    const typed = fold(word).slice(0, Math.max(3, fold(word).length - 1));
    const reply = await t.value('search.multi', { query: typed });
    expect(reply.meta.source).toBe('cache');
    expect(itemsOf(reply.data).map((r) => `${r.media_type}:${r.id}`)).toContain(
      `movie:${accented.id}`,
    );
    expect(itemsOf(reply.data).find((r) => r.id === accented.id)?.title).toBe(accented.title);
  });

  it('finds a person met in a film’s credits', async () => {
    const surname = castMember.name.split(' ').at(-1) ?? castMember.name;
    const reply = await t.value('search.multi', { query: surname.toUpperCase() });
    expect(itemsOf(reply.data)).toContainEqual(
      expect.objectContaining({ media_type: 'person', id: castMember.id }),
    );
  });

  it('answers an empty page, not an error, for words Marquee never saw', async () => {
    const reply = await t.value('search.multi', { query: 'zzzqqxy' });
    expect(reply).toMatchObject({
      data: { page: 1, results: [], total_results: 0, total_pages: 1 },
      meta: { source: 'cache' },
    });
  });

  it('online again, TMDB answers and nothing appears twice', async () => {
    t.catalogue.faults.clear();
    t.core.network.report(true);
    const reply = await t.value('search.multi', { query: fold(accented.title ?? '') });
    expect(reply.meta.source).toBe('network');
    const keys = itemsOf(reply.data).map((r) => `${r.media_type}:${r.id}`);
    expect(keys).toContain(`movie:${accented.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('localOnly answers from the index without asking TMDB, even online', async () => {
    t.catalogue.faults.clear();
    t.core.network.report(true);
    const before = t.catalogue.requests.total;
    const reply = await t.value('search.multi', {
      query: fold(accented.title ?? ''),
      localOnly: true,
    });
    expect(reply.meta.source).toBe('cache');
    expect(itemsOf(reply.data).map((r) => `${r.media_type}:${r.id}`)).toContain(
      `movie:${accented.id}`,
    );
    expect(t.catalogue.requests.total).toBe(before);
  });
});
