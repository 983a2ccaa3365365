/** The slice of a long list that is rendered: rows `start` (inclusive) to `end` (exclusive). */
export interface RowWindow {
  start: number;
  end: number;
}

/**
 * Which rows to render for a scroll position. Rows have one fixed height, so the slice is pure
 * arithmetic and never depends on measuring the DOM; `overscan` rows on each side keep fast
 * scrolling from showing blank space before the next frame renders.
 */
export function visibleWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, scrollTop);
  const first = Math.min(count - 1, Math.floor(top / rowHeight));
  const shown = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  return {
    start: Math.max(0, first - overscan),
    end: Math.min(count, first + shown + overscan),
  };
}

/** The keys that move the active row, as a listbox or grid would handle them. */
export type MoveKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'PageDown' | 'PageUp';

export function isMoveKey(key: string): key is MoveKey {
  return ['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'].includes(key);
}

/** The row a key moves to from `current`; stays within the list and never wraps. */
export function moveIndex(key: MoveKey, current: number, count: number, pageSize: number): number {
  if (count <= 0) return -1;
  const page = Math.max(1, pageSize);
  const from = Math.min(Math.max(current, 0), count - 1);
  const target = {
    ArrowDown: from + 1,
    ArrowUp: from - 1,
    Home: 0,
    End: count - 1,
    PageDown: from + page,
    PageUp: from - page,
  }[key];
  return Math.min(count - 1, Math.max(0, target));
}

/**
 * The scrollTop that brings row `index` fully into view, or the current one when it is visible
 * already (so moving within the visible rows never jumps the list).
 */
export function scrollToReveal(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewportHeight) return rowBottom - viewportHeight;
  return scrollTop;
}
