import { describe, expect, it } from 'vitest';
import { KeySequence, SEQUENCE_TIMEOUT_MS, type KeyPress } from './keymap';

const key = (k: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: null,
  ...extra,
});

describe('KeySequence', () => {
  it('opens help on ?, focuses search on / and closes on Escape', () => {
    const keys = new KeySequence();
    expect(keys.press(key('?'), 0)).toEqual({ kind: 'help' });
    expect(keys.press(key('/'), 0)).toEqual({ kind: 'focus-search' });
    expect(keys.press(key('Escape'), 0)).toEqual({ kind: 'close' });
    expect(keys.press(key('x'), 0)).toBeNull();
  });

  it('goes to a section with g then a letter', () => {
    const keys = new KeySequence();
    const go = (second: string): unknown => {
      expect(keys.press(key('g'), 100)).toBeNull();
      expect(keys.waiting).toBe(true);
      return keys.press(key(second), 200);
    };
    expect(go('b')).toEqual({ kind: 'go', to: 'browse' });
    expect(go('s')).toEqual({ kind: 'go', to: 'search' });
    expect(go('w')).toEqual({ kind: 'go', to: 'lists', listTab: 'watchlist' });
    expect(go('f')).toEqual({ kind: 'go', to: 'lists', listTab: 'favorites' });
    expect(go('l')).toEqual({ kind: 'go', to: 'lists', listTab: 'custom' });
    expect(go('a')).toEqual({ kind: 'go', to: 'account' });
    expect(go(',')).toEqual({ kind: 'go', to: 'settings' });
    expect(go('q')).toBeNull();
    expect(keys.waiting).toBe(false);
  });

  it('forgets a g after the timeout, and a late letter is not a shortcut', () => {
    const keys = new KeySequence();
    keys.press(key('g'), 0);
    expect(keys.press(key('b'), SEQUENCE_TIMEOUT_MS + 1)).toBeNull();
    // After the stale g, a ? still works on its own.
    keys.press(key('g'), 0);
    expect(keys.press(key('?'), SEQUENCE_TIMEOUT_MS + 1)).toEqual({ kind: 'help' });
  });

  it('ignores keys with Ctrl, Alt or Meta, which belong to the system', () => {
    const keys = new KeySequence();
    expect(keys.press(key('/', { ctrlKey: true }), 0)).toBeNull();
    keys.press(key('g'), 0);
    expect(keys.press(key('b', { metaKey: true }), 1)).toBeNull();
    expect(keys.waiting).toBe(false);
  });
});
