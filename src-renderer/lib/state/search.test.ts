import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import { SearchState } from './search.svelte';

const meta = { source: 'network', fetchedAt: 1, stale: false } as const;
const cached = { source: 'cache', fetchedAt: 1, stale: true } as const;

type Pending = {
  channel: string;
  input: { query: string; page: number; localOnly?: boolean; text?: string };
  resolve: (reply: unknown) => void;
};

/** A bridge whose answers the test releases in any order. */
function install(): Pending[] {
  const pending: Pending[] = [];
  const invoke = (channel: string, input: Pending['input']) =>
    new Promise((resolve) => pending.push({ channel, input, resolve }));
  vi.stubGlobal('window', { api: { invoke, on: () => () => undefined } as unknown as MarqueeApi });
  return pending;
}

const local = (pending: Pending[]) =>
  pending.filter((p) => p.channel === 'search.multi' && p.input.localOnly === true);
const remote = (pending: Pending[]) =>
  pending.filter((p) => p.channel !== 'search.ahead' && p.input.localOnly !== true);
const aheads = (pending: Pending[]) => pending.filter((p) => p.channel === 'search.ahead');

const pageOf = (titles: readonly string[]) => ({
  page: 1,
  results: titles.map((title, i) => ({ id: i + 1, media_type: 'movie', title })),
  total_pages: 1,
  total_results: titles.length,
});

function answer(p: Pending | undefined, ...titles: string[]): void {
  p?.resolve({
    ok: true,
    value: { data: pageOf(titles), meta: p.input.localOnly ? cached : meta },
  });
}

/** Answers a look-ahead: by next letter, the titles the local index would find. */
function answerAhead(p: Pending | undefined, next: Record<string, string[]>): void {
  p?.resolve({
    ok: true,
    value: {
      text: p.input.text,
      complete: true,
      next: Object.fromEntries(
        Object.entries(next).map(([letter, titles]) => [
          letter,
          { data: pageOf(titles), meta: cached },
        ]),
      ),
    },
  });
}

const fail = (p: Pending | undefined) =>
  p?.resolve({ ok: false, error: { code: 'rate_limited', message: 'TMDB asked to slow down' } });

const titlesOf = (items: readonly { media_type: string }[] | undefined) =>
  (items ?? []).map((i) => ('title' in i ? i.title : ''));

/** Lets settled replies reach the state. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('SearchState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the local index as you type and TMDB only after a pause in typing', async () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('a');
    search.setQuery('ar');
    search.setQuery('arr');
    // One local search at a time: "ar" was superseded before "a" answered, so it is never sent.
    expect(local(pending).map((p) => p.input.query)).toEqual(['a']);
    answer(local(pending)[0], 'Arrow');
    await settle();
    expect(local(pending).map((p) => p.input.query)).toEqual(['a', 'arr']);
    vi.advanceTimersByTime(199);
    expect(remote(pending)).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(remote(pending).map((p) => p.input)).toEqual([
      { query: 'arr', page: 1, localOnly: false },
    ]);
  });

  it('paints the local answer at once, marked as searching, then TMDB’s answer replaces it', async () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('arrival');
    answer(local(pending)[0], 'Arrival (seen)');
    await settle();
    expect(search.instant?.query).toBe('arrival');
    expect(titlesOf(search.instant?.items)).toEqual(['Arrival (seen)']);
    expect(search.instant?.searching).toBe(true);

    vi.advanceTimersByTime(200);
    expect(search.instant?.searching).toBe(true);
    answer(remote(pending)[0], 'Arrival', 'Arrival II');
    await settle();
    expect(search.instant).toBeNull();
    expect(titlesOf(search.results.items)).toEqual(['Arrival', 'Arrival II']);
    expect(search.resultsQuery).toBe('arrival');
  });

  it('never lets an older query’s answer, local or TMDB’s, replace a newer one', async () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('arr');
    vi.advanceTimersByTime(200);
    search.setQuery('arrival');
    // "arrival" is asked once the local answer for "arr" is in.
    answer(local(pending)[0], 'Arrow');
    await settle();
    answer(local(pending)[1], 'Arrival');
    await settle();
    expect(titlesOf(search.instant?.items)).toEqual(['Arrival']);

    // TMDB's answer for "arr" lands after the local one for "arrival": the local one stays.
    answer(remote(pending)[0], 'Arrow');
    await settle();
    expect(search.instant?.query).toBe('arrival');
    expect(titlesOf(search.instant?.items)).toEqual(['Arrival']);

    vi.advanceTimersByTime(200);
    answer(remote(pending)[1], 'Arrival');
    await settle();
    expect(search.instant).toBeNull();
    expect(titlesOf(search.results.items)).toEqual(['Arrival']);
    expect(search.resultsQuery).toBe('arrival');
  });

  it('sends only the newest of the keystrokes typed while a local search was on its way', async () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('m');
    search.setQuery('mo');
    search.setQuery('moo');
    search.setQuery('');
    search.setQuery('s');
    search.setQuery('st');
    answer(local(pending)[0], 'Moon');
    await settle();
    // "mo" and "moo" were superseded, and "s" too; the cleared box kept "m"'s answer off screen.
    expect(local(pending).map((p) => p.input.query)).toEqual(['m', 'st']);
    expect(search.instant).toBeNull();
    answer(local(pending)[1], 'Star');
    await settle();
    expect(search.instant?.query).toBe('st');
    expect(titlesOf(search.instant?.items)).toEqual(['Star']);
  });

  it('keeps the local results, no longer searching, when TMDB fails', async () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('moon');
    answer(local(pending)[0], 'Moon');
    vi.advanceTimersByTime(200);
    fail(remote(pending)[0]);
    await settle();
    expect(titlesOf(search.instant?.items)).toEqual(['Moon']);
    expect(search.instant?.searching).toBe(false);
    expect(search.instant?.meta.source).toBe('cache');
    expect(search.results.error?.code).toBe('rate_limited');
  });

  it('waits for TMDB rather than saying “no results” when the local index has none', async () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('qqx');
    answer(local(pending)[0]);
    await settle();
    expect(search.instant).toBeNull();
    vi.advanceTimersByTime(200);
    answer(remote(pending)[0], 'Qqx');
    await settle();
    expect(titlesOf(search.results.items)).toEqual(['Qqx']);
  });

  it('Enter sends at once, and again only to retry a failure', async () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('dune');
    search.submit();
    expect(remote(pending)).toHaveLength(1);
    search.submit();
    expect(remote(pending)).toHaveLength(1);
    fail(remote(pending)[0]);
    await settle();
    search.submit();
    expect(remote(pending)).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(remote(pending)).toHaveLength(2);
  });

  it('clears the results when the box is emptied, and a late answer does not bring them back', async () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('moon');
    search.submit();
    answer(remote(pending)[0], 'Moon');
    await settle();
    expect(search.results.items).toHaveLength(1);
    search.setQuery('  ');
    expect(search.results.items).toHaveLength(0);
    expect(search.sentQuery).toBe('');
    answer(local(pending)[0], 'Moon');
    await settle();
    expect(search.instant).toBeNull();
    expect(remote(pending)).toHaveLength(1);
  });

  it('searches collections for the current query when that tab opens', () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('saga');
    search.submit();
    search.setTab('collections');
    expect(remote(pending).map((p) => p.channel)).toEqual(['search.multi', 'search.collections']);
    search.setTab('all');
    search.setTab('collections');
    expect(remote(pending)).toHaveLength(2);
  });

  it('searches the films tab again when the text changed while collections were open', () => {
    const pending = install();
    const search = new SearchState(200);
    search.setTab('collections');
    search.setQuery('saga');
    search.submit();
    expect(local(pending)).toHaveLength(0);
    search.setTab('all');
    expect(remote(pending).map((p) => `${p.channel} ${p.input.query}`)).toEqual([
      'search.collections saga',
      'search.multi saga',
    ]);
  });

  describe('one letter ahead', () => {
    it('paints the typed letter’s local results at once, from the last keystroke’s look-ahead', async () => {
      const pending = install();
      const search = new SearchState(200);
      search.setQuery('arr');
      // Asked once the letter's frame is drawn.
      expect(aheads(pending)).toHaveLength(0);
      await settle();
      expect(aheads(pending).map((p) => p.input.text)).toEqual(['arr']);
      answer(local(pending)[0], 'Arrow');
      answerAhead(aheads(pending)[0], { i: ['Arrival'], o: ['Arrow'] });
      await settle();
      // No await: the answer is there in the same task as the keystroke, before the core's.
      search.setQuery('arri');
      expect(search.instant?.query).toBe('arri');
      expect(titlesOf(search.instant?.items)).toEqual(['Arrival']);
      expect(search.instant?.searching).toBe(true);
      // The core is still asked, and the next letter's look-ahead too, once the frame is drawn.
      expect(local(pending).map((p) => p.input.query)).toEqual(['arr']);
      await settle();
      expect(local(pending).map((p) => p.input.query)).toEqual(['arr', 'arri']);
      expect(aheads(pending).map((p) => p.input.text)).toEqual(['arr', 'arri']);
    });

    it('finds the letter as the index holds it: capitals and accents typed', async () => {
      const pending = install();
      const search = new SearchState(200);
      search.setQuery('Am');
      await settle();
      answerAhead(aheads(pending)[0], { e: ['Amélie'] });
      await settle();
      search.setQuery('AmÉ');
      expect(search.instant?.query).toBe('AmÉ');
      expect(titlesOf(search.instant?.items)).toEqual(['Amélie']);
      // An accent typed as its own character after the letter: one character to the reader.
      search.setQuery('Ame\u0301');
      expect(search.instant?.query).toBe('Ame\u0301');
      expect(titlesOf(search.instant?.items)).toEqual(['Amélie']);
    });

    it('keeps the foreseen answer when the core’s is the same, and takes the core’s when it differs', async () => {
      const pending = install();
      const search = new SearchState(200);
      search.setQuery('ar');
      await settle();
      answer(local(pending)[0], 'Arrow');
      answerAhead(aheads(pending)[0], { r: ['Arrow'], k: ['Ark'] });
      await settle();
      search.setQuery('arr');
      const foreseen = search.instant;
      await settle();
      answer(local(pending)[1], 'Arrow');
      await settle();
      // The very same object: nothing on screen is drawn again.
      expect(search.instant).toBe(foreseen);

      answerAhead(aheads(pending)[1], { i: ['Arrival'] });
      await settle();
      search.setQuery('arri');
      expect(titlesOf(search.instant?.items)).toEqual(['Arrival']);
      await settle();
      // Meanwhile the cache learnt a title: the core's answer is newer than the look-ahead's.
      answer(local(pending)[2], 'Arrival', 'Arrival II');
      await settle();
      expect(titlesOf(search.instant?.items)).toEqual(['Arrival', 'Arrival II']);
    });

    it('waits for the core when the look-ahead has no answer for the letter typed', async () => {
      const pending = install();
      const search = new SearchState(200);
      search.setQuery('arr');
      await settle();
      answer(local(pending)[0], 'Arrow');
      answerAhead(aheads(pending)[0], { i: ['Arrival'] });
      await settle();
      search.setQuery('arr ');
      expect(search.instant?.query).toBe('arr');
      search.setQuery('arr z');
      expect(search.instant?.query).toBe('arr');
      // "arr " is asked as "arr"; "arr z" once that answer is in.
      answer(local(pending)[1], 'Arrow');
      await settle();
      expect(local(pending).map((p) => p.input.query)).toEqual(['arr', 'arr', 'arr z']);
      answer(local(pending)[2], 'Arr Zed');
      await settle();
      expect(search.instant?.query).toBe('arr z');
    });

    it('answers the first letter from the empty box’s look-ahead, asked when the view opens', async () => {
      const pending = install();
      const search = new SearchState(200);
      search.prepare();
      search.prepare();
      expect(aheads(pending).map((p) => p.input.text)).toEqual(['']);
      answerAhead(aheads(pending)[0], { d: ['Dune'], s: ['Solaris'] });
      await settle();
      search.setQuery('S');
      expect(titlesOf(search.instant?.items)).toEqual(['Solaris']);
      // Emptied before the frame: "S" is not looked ahead of, and the first letters, just asked,
      // are not asked again.
      search.setQuery('');
      await settle();
      expect(aheads(pending).map((p) => p.input.text)).toEqual(['']);
      search.setQuery('d');
      expect(titlesOf(search.instant?.items)).toEqual(['Dune']);
      // Emptied after other text was looked ahead of: the first letters are asked afresh (the
      // cache may have learnt titles), and meanwhile the kept ones answer.
      await settle();
      search.setQuery('');
      expect(aheads(pending).map((p) => p.input.text)).toEqual(['', 'd', '']);
      search.setQuery('s');
      expect(titlesOf(search.instant?.items)).toEqual(['Solaris']);
    });

    it('answers Backspace at once from a look-ahead kept from a few letters back', async () => {
      const pending = install();
      const search = new SearchState(200);
      search.setQuery('a');
      await settle();
      answer(local(pending)[0], 'Arrow', 'Avatar');
      answerAhead(aheads(pending)[0], { r: ['Arrow'] });
      await settle();
      search.setQuery('ar');
      await settle();
      answer(local(pending)[1], 'Arrow');
      await settle();
      search.setQuery('arx');
      answer(local(pending)[2]);
      await settle();
      search.setQuery('ar');
      expect(search.instant?.query).toBe('ar');
      expect(titlesOf(search.instant?.items)).toEqual(['Arrow']);
    });
  });
});
