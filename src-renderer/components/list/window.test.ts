import { describe, expect, it } from 'vitest';
import { moveIndex, scrollToReveal, visibleWindow } from './window';

describe('visibleWindow', () => {
  it('renders only the rows in view plus the overscan, whatever the list length', () => {
    const w = visibleWindow(0, 600, 60, 5000, 5);
    expect(w).toEqual({ start: 0, end: 16 });
    const deep = visibleWindow(60 * 2500, 600, 60, 5000, 5);
    expect(deep).toEqual({ start: 2495, end: 2516 });
    expect(deep.end - deep.start).toBeLessThanOrEqual(100);
  });

  it('clamps at the end of the list and for odd inputs', () => {
    expect(visibleWindow(60 * 4999, 600, 60, 5000, 5)).toEqual({ start: 4994, end: 5000 });
    expect(visibleWindow(10_000_000, 600, 60, 3, 5)).toEqual({ start: 0, end: 3 });
    expect(visibleWindow(-50, 600, 60, 10, 2)).toEqual({ start: 0, end: 10 });
    expect(visibleWindow(0, 600, 60, 0, 5)).toEqual({ start: 0, end: 0 });
  });
});

describe('moveIndex', () => {
  it('moves by one, by a page, and to either end without wrapping', () => {
    expect(moveIndex('ArrowDown', 0, 10, 4)).toBe(1);
    expect(moveIndex('ArrowUp', 0, 10, 4)).toBe(0);
    expect(moveIndex('ArrowDown', 9, 10, 4)).toBe(9);
    expect(moveIndex('PageDown', 3, 10, 4)).toBe(7);
    expect(moveIndex('PageDown', 8, 10, 4)).toBe(9);
    expect(moveIndex('PageUp', 2, 10, 4)).toBe(0);
    expect(moveIndex('Home', 6, 10, 4)).toBe(0);
    expect(moveIndex('End', 0, 10, 4)).toBe(9);
  });

  it('starts from the first row when none is active, and has nowhere to go in an empty list', () => {
    expect(moveIndex('ArrowDown', -1, 10, 4)).toBe(1);
    expect(moveIndex('Home', -1, 0, 4)).toBe(-1);
  });
});

describe('scrollToReveal', () => {
  it('scrolls just enough to show a row above or below the view, and not at all for a visible one', () => {
    expect(scrollToReveal(2, 300, 300, 60)).toBe(120);
    expect(scrollToReveal(12, 300, 300, 60)).toBe(480);
    expect(scrollToReveal(6, 300, 300, 60)).toBe(300);
  });
});
