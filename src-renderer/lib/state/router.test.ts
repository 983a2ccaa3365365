import { describe, expect, it } from 'vitest';
import type { SectionRow } from '../routes';
import { Router } from './router.svelte';

const sections: readonly SectionRow[] = [
  { id: 'browse', label: 'Browse' },
  { id: 'stats', label: 'Stats', pages: /^year\/\d{4}$/ },
];

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

describe('Router pages inside a section', () => {
  it('opens a year in review directly and moves between it and the overview', () => {
    const { win, go } = fakeWindow('#/stats/year/2024');
    const router = new Router(sections);
    router.start(win);
    expect(router.current).toBe('stats');
    expect(router.page).toBe('year/2024');

    go('#/stats/year/2023');
    expect(router.page).toBe('year/2023');
    expect(router.navigations).toBe(1);

    go('#/stats');
    expect(router.current).toBe('stats');
    expect(router.page).toBeNull();
    expect(router.navigations).toBe(2);

    go('#/browse');
    expect(router.current).toBe('browse');
    expect(router.page).toBeNull();
  });
});
