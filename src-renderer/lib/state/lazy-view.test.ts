import type { Component } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyView, type ViewLoader } from './lazy-view.svelte';

const View: Component = () => ({});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LazyView', () => {
  it('shows nothing while the chunk loads, then the view', async () => {
    const view = new LazyView(() => Promise.resolve({ default: View }));
    expect(view.component).toBeNull();
    const loading = view.load();
    expect(view.component).toBeNull();
    expect(view.failed).toBe(false);
    await loading;
    expect(view.component).toBe(View);
  });

  it('says a chunk that failed to load, and a retry loads it again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loader = vi
      .fn<ViewLoader>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: View });
    const view = new LazyView(loader);

    await view.load();
    expect(view.failed).toBe(true);
    expect(view.component).toBeNull();
    expect(warn).toHaveBeenCalledOnce();

    const retry = view.load();
    expect(view.failed).toBe(false);
    await retry;
    expect(view.failed).toBe(false);
    expect(view.component).toBe(View);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('loads once however often it is asked, and a later visit shows the view at once', async () => {
    const loader = vi.fn<ViewLoader>().mockResolvedValue({ default: View });
    const first = new LazyView(loader);
    await Promise.all([first.load(), first.load()]);
    expect(loader).toHaveBeenCalledOnce();

    const again = new LazyView(loader);
    expect(again.component).toBe(View);
    await again.load();
    expect(loader).toHaveBeenCalledOnce();
  });
});
