/** Where a `g` sequence goes: the section names of the router. */
export type GoTarget = 'browse' | 'search' | 'lists' | 'account' | 'settings';

export type ShortcutAction =
  | { kind: 'help' }
  | { kind: 'focus-search' }
  | { kind: 'close' }
  | { kind: 'go'; to: GoTarget; listTab?: 'watchlist' | 'favorites' | 'custom' };

export interface ShortcutHelp {
  keys: string[];
  description: string;
}

/** The second key after `g`. Watchlist and Favourites open those tabs of Lists. */
const goKeys: Record<string, Extract<ShortcutAction, { kind: 'go' }>> = {
  b: { kind: 'go', to: 'browse' },
  s: { kind: 'go', to: 'search' },
  w: { kind: 'go', to: 'lists', listTab: 'watchlist' },
  f: { kind: 'go', to: 'lists', listTab: 'favorites' },
  l: { kind: 'go', to: 'lists', listTab: 'custom' },
  a: { kind: 'go', to: 'account' },
  ',': { kind: 'go', to: 'settings' },
};

/** What the help overlay lists, in this order. */
export const shortcutHelp: readonly ShortcutHelp[] = [
  { keys: ['?'], description: 'Show these keyboard shortcuts' },
  { keys: ['/'], description: 'Search' },
  { keys: ['g', 'b'], description: 'Go to Browse' },
  { keys: ['g', 's'], description: 'Go to Search' },
  { keys: ['g', 'w'], description: 'Go to your Watchlist' },
  { keys: ['g', 'f'], description: 'Go to your Favourites' },
  { keys: ['g', 'l'], description: 'Go to your Lists' },
  { keys: ['g', 'a'], description: 'Go to Account' },
  { keys: ['g', ','], description: 'Go to Settings' },
  { keys: ['Esc'], description: 'Close a dialog or this overlay' },
  { keys: ['↑', '↓', 'Home', 'End', 'PgUp', 'PgDn'], description: 'Move through a long list' },
];

/** How long the `g` of a two-key sequence waits for its second key. */
export const SEQUENCE_TIMEOUT_MS = 1500;

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The element the key was typed in. */
  target: EventTarget | null;
}

/**
 * True while the user types text: keys then belong to the field, so `/` or `g` in a search box is
 * a character, not a shortcut.
 */
export function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    // Buttons, checkboxes and radios take no text; every other input type does.
    return ![
      'button',
      'checkbox',
      'radio',
      'range',
      'reset',
      'submit',
      'color',
      'file',
      'image',
    ].includes(target.type);
  }
  return false;
}

/**
 * Turns key presses into actions. It holds only whether a `g` is waiting, so it is a plain
 * object the shortcuts state drives and a test can feed presses to.
 */
export class KeySequence {
  #pendingSince: number | null = null;

  get waiting(): boolean {
    return this.#pendingSince !== null;
  }

  /** The action for this press at time `now`, or null when the key is not a shortcut. */
  press(event: KeyPress, now: number): ShortcutAction | null {
    if (event.key === 'Escape') {
      this.#pendingSince = null;
      return { kind: 'close' };
    }
    // Modified keys belong to the browser and the system (copy, reload, …); typing belongs to the field.
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) {
      this.#pendingSince = null;
      return null;
    }
    if (this.#pendingSince !== null) {
      const fresh = now - this.#pendingSince <= SEQUENCE_TIMEOUT_MS;
      this.#pendingSince = null;
      if (fresh) return goKeys[event.key.toLowerCase()] ?? null;
    }
    if (event.key === 'g' || event.key === 'G') {
      this.#pendingSince = now;
      return null;
    }
    if (event.key === '?') return { kind: 'help' };
    if (event.key === '/') return { kind: 'focus-search' };
    return null;
  }

  reset(): void {
    this.#pendingSince = null;
  }
}
