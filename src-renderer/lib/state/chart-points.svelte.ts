import { nextIndex } from '../charts';

/**
 * The points of one chart as a single Tab stop: arrow keys, Home, End and the page keys move
 * focus within them (roving tabindex), and the point under the pointer or focus is the one the
 * tooltip shows.
 */
export class ChartPointsState<E extends HTMLElement | SVGElement> {
  readonly #count: () => number;
  readonly #startAtLast: boolean;
  #active = $state(0);
  #shown = $state<number | null>(null);
  /** The points' elements, bound by index. */
  readonly elements: E[] = $state([]);

  /**
   * @param count How many points the chart has now.
   * @param startAt Which point takes the Tab stop before any has had focus.
   */
  constructor(count: () => number, startAt: 'first' | 'last' = 'first') {
    this.#count = count;
    this.#startAtLast = startAt === 'last';
    this.#active = this.#startAtLast ? -1 : 0;
  }

  /** The point that takes the Tab stop. */
  readonly current: number = $derived.by(() => {
    const count = this.#count();
    if (this.#active >= 0 && this.#active < count) return this.#active;
    return this.#startAtLast ? count - 1 : Math.max(0, count - 1);
  });

  /** The point the tooltip is for, if any. */
  get shown(): number | null {
    return this.#shown;
  }

  focused(index: number): void {
    this.#active = index;
  }

  /** What the point at `index` listens for: focus, the pointer and the keys. */
  handlers(index: number): {
    onfocus: () => void;
    onblur: () => void;
    onmouseenter: () => void;
    onmouseleave: () => void;
    onkeydown: (event: KeyboardEvent) => void;
  } {
    return {
      onfocus: () => {
        this.#active = index;
        this.#shown = index;
      },
      onblur: () => (this.#shown = null),
      onmouseenter: () => (this.#shown = index),
      onmouseleave: () => (this.#shown = null),
      onkeydown: (event) => {
        this.keydown(event, index);
      },
    };
  }

  keydown(event: KeyboardEvent, index: number): void {
    const next = nextIndex(event.key, index, this.#count());
    if (next === null) return;
    event.preventDefault();
    this.#active = next;
    this.elements[next]?.focus();
  }

  reset(): void {
    this.#active = this.#startAtLast ? -1 : 0;
    this.#shown = null;
  }
}
