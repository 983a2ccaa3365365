import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../core/testing/core';
import { createSearchAhead, type SearchAheadAnswer } from './search-ahead';
import type { Fetched } from './reads';
import type { MultiPage } from './multi-search';

type Item = { media_type: string; id: number; title?: string };
const page = (query: string): Fetched<MultiPage> => ({
  data: { page: 1, results: [], total_pages: 1, total_results: query.length },
  meta: { source: 'cache', fetchedAt: 1, stale: true },
});

describe('search.ahead through the core', () => {
  let t: TestCore;
  let word = '';
  beforeAll(async () => {
    t = await startTestCore({ catalogue: { titles: 400 } });
    const seen: Item[] = [];
    for (let n = 1; n <= 3; n++) {
      const reply = await t.value('browse.discoverMovies', { page: n, genres: [], providers: [] });
      seen.push(...(reply.data as { results: Item[] }).results);
    }
    word = (seen[0]?.title ?? '').split(/\s+/)[0]?.toLowerCase() ?? '';
    expect(word.length).toBeGreaterThan(2);
  });
  afterAll(async () => t.close());

  const ahead = (text: string): Promise<SearchAheadAnswer> => t.value('search.ahead', { text });
  const local = (query: string) => t.value('search.multi', { query, page: 1, localOnly: true });

  it('answers every next letter exactly as the local search answers the longer text', async () => {
    const typed = word.slice(0, 2);
    const answer = await ahead(typed);
    expect(answer).toMatchObject({ text: typed, complete: true });
    // The word's own next letter is among them, with the word's title in its answer.
    const letter = word[2] ?? '';
    expect(Object.keys(answer.next)).toContain(letter);
    for (const [next, reply] of Object.entries(answer.next)) {
      expect(reply).toEqual(await local(typed + next));
    }
    const titles = (answer.next[letter]?.data.results ?? []).map((r) =>
      ((r as { title?: string }).title ?? '').toLowerCase(),
    );
    expect(titles.some((title) => title.startsWith(word.slice(0, 3)))).toBe(true);
  });

  it('after a space or from an empty box, answers the first letters of a new word', async () => {
    const empty = await ahead('');
    expect(empty.complete).toBe(true);
    expect(Object.keys(empty.next)).toContain(word[0]);
    expect(empty.next[word[0] ?? '']).toEqual(await local(word[0] ?? ''));
    const spaced = await ahead(`${word} `);
    expect(Object.keys(spaced.next).length).toBeGreaterThan(1);
    for (const [next, reply] of Object.entries(spaced.next).slice(0, 5)) {
      expect(reply).toEqual(await local(`${word} ${next}`));
    }
  });

  it('lists no letter the index has no word for', async () => {
    expect(await ahead('zzqx')).toEqual({ text: 'zzqx', complete: true, next: {} });
  });
});

describe('createSearchAhead', () => {
  const letters = () => ['a', 'b', 'c', 'd'];

  it('lets other work run between two letters', async () => {
    const order: string[] = [];
    const ahead = createSearchAhead({
      letters,
      answer: (query) => {
        order.push(query);
        return page(query);
      },
    });
    const done = ahead('x');
    setImmediate(() => order.push('other work'));
    await done;
    expect(order.indexOf('other work')).toBeGreaterThan(0);
    expect(order.indexOf('other work')).toBeLessThan(order.length - 1);
  });

  it('stops when a newer look-ahead begins, and says it did not finish', async () => {
    const ahead = createSearchAhead({ letters, answer: page });
    const older = ahead('x');
    const newer = ahead('xy');
    const [first, second] = await Promise.all([older, newer]);
    expect(first.complete).toBe(false);
    expect(Object.keys(first.next).length).toBeLessThan(4);
    expect(second).toMatchObject({ text: 'xy', complete: true });
    expect(Object.keys(second.next)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('stops when its time is up, keeping the letters answered so far', async () => {
    let clock = 0;
    const ahead = createSearchAhead({
      letters,
      answer: (query) => {
        clock += 40;
        return page(query);
      },
      now: () => clock,
      budgetMs: 100,
    });
    const answer = await ahead('x');
    expect(answer.complete).toBe(false);
    expect(Object.keys(answer.next)).toEqual(['a', 'b', 'c']);
  });

  it('asks nothing a letter could not change: past the length limit or the last word searched', async () => {
    const asked: string[] = [];
    const ahead = createSearchAhead({
      letters,
      answer: (query) => {
        asked.push(query);
        return page(query);
      },
    });
    expect((await ahead('a'.repeat(200))).complete).toBe(false);
    const sixteen = `${Array.from({ length: 16 }, (_, i) => `w${String(i)}`).join(' ')} `;
    expect((await ahead(sixteen)).next).toEqual({});
    expect(asked).toEqual([]);
  });

  it('follows the last word typed, folded as the index holds it', async () => {
    const prefixes: string[] = [];
    const ahead = createSearchAhead({
      letters: (prefix) => {
        prefixes.push(prefix);
        return [];
      },
      answer: page,
    });
    await ahead('Silent HARBÓ');
    await ahead('Silent ');
    await ahead('Silent-');
    await ahead('');
    expect(prefixes).toEqual(['harbo', '', '', '']);
  });
});
