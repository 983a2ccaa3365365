import type { Component } from 'svelte';

/** A view's own chunk: `() => import('./views/stats/StatsView.svelte')`. */
export type ViewLoader = () => Promise<{ default: Component }>;

/**
 * How a view arrives: `load`, its own chunk on first visit, or `component`, already in the main
 * chunk (the views opened at start-up).
 */
export type ViewSource =
  { load: ViewLoader; component?: never } | { component: Component; load?: never };

/** Views already loaded, by loader: a second visit shows the view at once, with no empty frame. */
const loaded = new WeakMap<ViewLoader, Component>();

/**
 * A view loaded on first visit. While its chunk loads nothing is shown (the chunk is local and
 * quick, and a spinner would only flash); a chunk that fails to load is said in place, with a
 * retry, instead of leaving the page empty.
 */
export class LazyView {
  #component = $state.raw<Component | null>(null);
  #failed = $state(false);
  #loading: Promise<void> | null = null;

  constructor(readonly loader: ViewLoader) {
    this.#component = loaded.get(loader) ?? null;
  }

  /** The view, once loaded. */
  get component(): Component | null {
    return this.#component;
  }

  /** True when the last attempt to load the view failed. */
  get failed(): boolean {
    return this.#failed;
  }

  /** Loads the view unless it is loaded or loading; a retry after a failure loads it again. */
  load(): Promise<void> {
    if (this.#component) return Promise.resolve();
    this.#loading ??= this.#fetch().finally(() => {
      this.#loading = null;
    });
    return this.#loading;
  }

  async #fetch(): Promise<void> {
    this.#failed = false;
    try {
      const module = await this.loader();
      loaded.set(this.loader, module.default);
      this.#component = module.default;
    } catch (error) {
      console.warn('A view failed to load', error);
      this.#failed = true;
    }
  }
}
