import { KeySequence, type ShortcutAction } from '../keymap';
import { router } from './router.svelte';

export type ListTab = 'watchlist' | 'favorites' | 'rated' | 'custom';

/** Finds the search field once the Search section has rendered it. */
const SEARCH_FIELD = 'main input[type="search"], main [role="searchbox"]';

/**
 * The app-wide keyboard shortcuts (see `keymap.ts`) and the help overlay they open. A `g w`
 * leaves a requested Lists tab here for the Lists view to take, so the shortcut works whether
 * or not Lists is already open.
 */
export class ShortcutState {
  #helpOpen = $state(false);
  #requestedTab = $state<ListTab | null>(null);
  readonly #keys = new KeySequence();

  get helpOpen(): boolean {
    return this.#helpOpen;
  }

  get requestedTab(): ListTab | null {
    return this.#requestedTab;
  }

  /** Listens on the window; returns the function that stops. */
  start(win: Window = window): () => void {
    const onKeydown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.repeat) return;
      const action = this.#keys.press(event, performance.now());
      if (action === null) return;
      // Escape is left to the dialog that has focus (it closes itself natively).
      if (action.kind !== 'close') event.preventDefault();
      this.perform(action, win);
    };
    win.addEventListener('keydown', onKeydown);
    return () => {
      win.removeEventListener('keydown', onKeydown);
    };
  }

  perform(action: ShortcutAction, win: Window = window): void {
    switch (action.kind) {
      case 'help':
        this.#helpOpen = true;
        break;
      case 'close':
        this.#helpOpen = false;
        break;
      case 'focus-search':
        this.#helpOpen = false;
        router.go('search', win);
        focusWhenPresent(win, SEARCH_FIELD);
        break;
      case 'go':
        this.#helpOpen = false;
        if (action.listTab) this.#requestedTab = action.listTab;
        router.go(action.to, win);
        break;
    }
  }

  openHelp(): void {
    this.#helpOpen = true;
  }

  closeHelp(): void {
    this.#helpOpen = false;
  }

  /** The Lists view takes the tab a shortcut asked for; it is then forgotten. */
  takeRequestedTab(): ListTab | null {
    const tab = this.#requestedTab;
    this.#requestedTab = null;
    return tab;
  }

  reset(): void {
    this.#helpOpen = false;
    this.#requestedTab = null;
    this.#keys.reset();
  }
}

/** Focuses the element once the next section has rendered it (a few frames at most). */
function focusWhenPresent(win: Window, selector: string, triesLeft = 30): void {
  // Until the router has switched, a field of the section being left would match.
  const element =
    router.current === 'search' ? win.document.querySelector<HTMLElement>(selector) : null;
  if (element) {
    element.focus();
    return;
  }
  if (triesLeft > 0)
    win.requestAnimationFrame(() => {
      focusWhenPresent(win, selector, triesLeft - 1);
    });
}

export const shortcuts = new ShortcutState();
