import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import { SearchState } from './search.svelte';

const meta = { source: 'network', fetchedAt: 1, stale: false } as const;

type Pending = {
  channel: string;
  input: { query: string; page: number };
  resolve: (reply: unknown) => void;
};

/** A bridge whose answers the test releases in any order. */
function install(): Pending[] {
  const pending: Pending[] = [];
  const invoke = (channel: string, input: { query: string; page: number }) =>
    new Promise((resolve) => pending.push({ channel, input, resolve }));
  vi.stubGlobal('window', { api: { invoke, on: () => () => undefined } as unknown as MarqueeApi });
  return pending;
}

const answer = (p: Pending | undefined, title: string) =>
  p?.resolve({
    ok: true,
    value: {
      data: {
        page: 1,
        results: [{ id: title.length, media_type: 'movie', title }],
        total_pages: 1,
        total_results: 1,
      },
      meta,
    },
  });

describe('SearchState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for a pause in typing before asking', () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('a');
    search.setQuery('ar');
    search.setQuery('arr');
    vi.advanceTimersByTime(199);
    expect(pending).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(pending.map((p) => p.input.query)).toEqual(['arr']);
  });

  it('shows the answer of the latest query even when an older one answers last', async () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('arr');
    vi.advanceTimersByTime(200);
    search.setQuery('arrival');
    vi.advanceTimersByTime(200);
    answer(pending[1], 'Arrival');
    answer(pending[0], 'Arrow');
    await vi.waitFor(() => {
      expect(search.results.status).toBe('ready');
    });
    await Promise.resolve();
    expect(search.results.items.map((i) => ('title' in i ? i.title : ''))).toEqual(['Arrival']);
    expect(search.sentQuery).toBe('arrival');
  });

  it('clears the results when the box is emptied', async () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('moon');
    search.submit();
    answer(pending[0], 'Moon');
    await vi.waitFor(() => {
      expect(search.results.items).toHaveLength(1);
    });
    search.setQuery('  ');
    expect(search.results.items).toHaveLength(0);
    expect(search.sentQuery).toBe('');
  });

  it('searches collections for the current query when that tab opens', () => {
    const pending = install();
    const search = new SearchState(200);
    search.setQuery('saga');
    search.submit();
    search.setTab('collections');
    expect(pending.map((p) => p.channel)).toEqual(['search.multi', 'search.collections']);
    search.setTab('all');
    search.setTab('collections');
    expect(pending).toHaveLength(2);
  });
});
