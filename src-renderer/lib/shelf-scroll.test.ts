import { describe, expect, it } from 'vitest';
import { pageStep, scrollRoom } from './shelf-scroll';

describe('scrollRoom', () => {
  it('has nowhere to go when everything fits', () => {
    expect(scrollRoom({ scrollLeft: 0, scrollWidth: 500, clientWidth: 500 })).toEqual({
      back: false,
      forward: false,
    });
  });

  it('goes forward at the start, back at the end, both between', () => {
    expect(scrollRoom({ scrollLeft: 0, scrollWidth: 900, clientWidth: 500 })).toEqual({
      back: false,
      forward: true,
    });
    expect(scrollRoom({ scrollLeft: 399.6, scrollWidth: 900, clientWidth: 500 })).toEqual({
      back: true,
      forward: false,
    });
    expect(scrollRoom({ scrollLeft: 100, scrollWidth: 900, clientWidth: 500 })).toEqual({
      back: true,
      forward: true,
    });
  });

  it('pages by most of the visible width', () => {
    expect(pageStep(1000)).toBe(850);
  });
});
