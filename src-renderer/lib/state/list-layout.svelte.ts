export const listLayouts = ['rows', 'posters'] as const;
export type ListLayout = (typeof listLayouts)[number];

const STORAGE_KEY = 'marquee.listLayout';

/** Where the choice is kept: the window's localStorage, or a stand-in in tests. */
export type LayoutStore = Pick<Storage, 'getItem' | 'setItem'>;

function isLayout(value: unknown): value is ListLayout {
  return typeof value === 'string' && (listLayouts as readonly string[]).includes(value);
}

/**
 * How the Lists section shows a collection: rows (dense, with actions) or a poster grid (for
 * looking through). The choice is a preference of this computer, kept across runs.
 */
export class ListLayoutState {
  #layout = $state<ListLayout>('rows');

  get layout(): ListLayout {
    return this.#layout;
  }

  /** Takes up the saved choice, if any. */
  restore(store: LayoutStore = window.localStorage): void {
    try {
      const saved = store.getItem(STORAGE_KEY);
      if (isLayout(saved)) this.#layout = saved;
    } catch {
      // Storage can be unavailable (private mode): the default stands.
    }
  }

  choose(layout: ListLayout, store: LayoutStore = window.localStorage): void {
    this.#layout = layout;
    try {
      store.setItem(STORAGE_KEY, layout);
    } catch {
      // Storage can be unavailable (private mode, quota): the choice still applies for this run.
    }
  }

  reset(): void {
    this.#layout = 'rows';
  }
}

export const listLayout = new ListLayoutState();
