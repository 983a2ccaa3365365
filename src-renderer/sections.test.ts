import { describe, expect, it } from 'vitest';
import { hrefFor, navigationOf, parseHash, yearReviewHref } from './lib/routes';
import { Router } from './lib/state/router.svelte';
import { sectionEntry, sections } from './sections';

/** Just enough of a window for the router: a hash, history and hashchange listeners. */
function fakeWindow(hash: string): { win: Window; go: (next: string) => void } {
  const listeners: (() => void)[] = [];
  const location = { hash };
  const win = {
    location,
    history: {
      replaceState: (_state: unknown, _title: string, url: string) => {
        location.hash = url;
      },
    },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    removeEventListener: () => undefined,
  } as unknown as Window;
  return {
    win,
    go: (next) => {
      location.hash = next;
      listeners.forEach((listener) => {
        listener();
      });
    },
  };
}

describe('the section registry', () => {
  it('feeds the navigation: every section is a link of the list or the bell, in order', () => {
    const navigation = navigationOf(sections);
    expect(navigation.listed.map((row) => row.label)).toEqual([
      'Browse',
      'Search',
      'For you',
      'Up Next',
      'History',
      'Upcoming',
      'Captured',
      'Lists',
      'Stats',
      'Account',
      'Import & export',
      'Settings',
      'About',
    ]);
    expect(navigation.listed.filter((row) => row.separated).map((row) => row.id)).toEqual([
      'about',
    ]);
    expect(navigation.bell?.id).toBe('inbox');
    const shown = [...navigation.listed, navigation.bell];
    for (const row of sections) expect(shown).toContain(row);
  });

  it('feeds the router: every section is reached at its own address', () => {
    const { win, go } = fakeWindow('');
    const router = new Router(sections);
    router.start(win);
    expect(router.current).toBe('browse');
    for (const row of sections) {
      expect(parseHash(hrefFor(row.id), sections)).toEqual({ kind: 'section', section: row.id });
      go(`#/${row.id}`);
      expect(router.current).toBe(row.id);
      expect(sectionEntry(router.current)).toBe(row);
    }
    go('#/nowhere');
    expect(router.current).toBe('browse');
  });

  it('gives every section one view, in the main chunk or loaded on first visit', () => {
    expect(new Set(sections.map((row) => row.id)).size).toBe(sections.length);
    for (const row of sections) expect(Boolean(row.component) !== Boolean(row.load)).toBe(true);
    expect(sections.filter((row) => row.component).map((row) => row.id)).toEqual([
      'browse',
      'search',
      'upnext',
    ]);
  });

  it('reads `#/stats/year/2024` as the Stats section showing that year', () => {
    expect(parseHash(yearReviewHref(2024), sections)).toEqual({
      kind: 'section',
      section: 'stats',
      page: 'year/2024',
    });
    expect(parseHash('#/stats/year/24', sections)).toEqual({ kind: 'unknown-route' });
    expect(parseHash('#/settings/year/2024', sections)).toEqual({ kind: 'unknown-route' });
  });
});
