import { beforeEach, describe, expect, it } from 'vitest';
import { ListLayoutState, type LayoutStore } from './list-layout.svelte';

function fakeStore(initial: Record<string, string> = {}): LayoutStore {
  const store = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => {
      store.set(key, value);
    },
  };
}

describe('ListLayoutState', () => {
  let state: ListLayoutState;
  beforeEach(() => {
    state = new ListLayoutState();
  });

  it('shows rows until a choice is made, and remembers the choice', () => {
    const win = fakeStore();
    state.restore(win);
    expect(state.layout).toBe('rows');
    state.choose('posters', win);
    const again = new ListLayoutState();
    again.restore(win);
    expect(again.layout).toBe('posters');
  });

  it('ignores a saved value it does not know', () => {
    state.restore(fakeStore({ 'marquee.listLayout': 'carousel' }));
    expect(state.layout).toBe('rows');
  });
});
