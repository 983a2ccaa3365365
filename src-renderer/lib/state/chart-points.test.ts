import { describe, expect, it } from 'vitest';
import { ChartPointsState } from './chart-points.svelte';

function key(name: string): KeyboardEvent & { prevented: boolean } {
  const event = {
    key: name,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
  };
  return event as unknown as KeyboardEvent & { prevented: boolean };
}

describe('ChartPointsState', () => {
  it('gives the Tab stop to the first point, or the last when asked', () => {
    let count = 5;
    const first = new ChartPointsState<HTMLElement>(() => count);
    const last = new ChartPointsState<HTMLElement>(() => count, 'last');
    expect(first.current).toBe(0);
    expect(last.current).toBe(4);
    count = 0;
    expect(new ChartPointsState<HTMLElement>(() => count).current).toBe(0);
    expect(new ChartPointsState<HTMLElement>(() => count, 'last').current).toBe(-1);
  });

  it('moves the Tab stop with the keys and keeps it inside the points', () => {
    const points = new ChartPointsState<HTMLElement>(() => 3);
    const end = key('End');
    points.keydown(end, 0);
    expect(end.prevented).toBe(true);
    expect(points.current).toBe(2);
    const other = key('a');
    points.keydown(other, 2);
    expect(other.prevented).toBe(false);
    expect(points.current).toBe(2);
    points.focused(1);
    expect(points.current).toBe(1);
  });

  it('shows the point under the pointer or focus', () => {
    const points = new ChartPointsState<HTMLElement>(() => 3);
    const handlers = points.handlers(2);
    handlers.onmouseenter();
    expect(points.shown).toBe(2);
    handlers.onmouseleave();
    expect(points.shown).toBeNull();
    handlers.onfocus();
    expect(points.shown).toBe(2);
    expect(points.current).toBe(2);
    handlers.onblur();
    expect(points.shown).toBeNull();
  });
});
