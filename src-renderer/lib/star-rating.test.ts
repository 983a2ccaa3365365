import { describe, expect, it } from 'vitest';
import { clampRating, ratingAfterKey, ratingAt, ratingText, starFill } from './star-rating';

describe('star rating', () => {
  it('keeps ratings within 1–10 on TMDB’s half-point steps', () => {
    expect(clampRating(0)).toBe(1);
    expect(clampRating(11)).toBe(10);
    expect(clampRating(7.3)).toBe(7.5);
  });

  it('fills stars by halves: 7 out of 10 is three and a half stars', () => {
    expect([0, 1, 2, 3, 4].map((i) => starFill(7, i))).toEqual([1, 1, 1, 0.5, 0]);
  });

  it('moves half a star (one point) per arrow, jumps with Home and End, ignores other keys', () => {
    expect(ratingAfterKey('ArrowRight', 7)).toBe(8);
    expect(ratingAfterKey('ArrowRight', 7.5)).toBe(8);
    expect(ratingAfterKey('ArrowLeft', 7.5)).toBe(7);
    expect(ratingAfterKey('ArrowLeft', 1)).toBe(1);
    expect(ratingAfterKey('ArrowUp', 10)).toBe(10);
    expect(ratingAfterKey('Home', 6)).toBe(1);
    expect(ratingAfterKey('End', 6)).toBe(10);
    expect(ratingAfterKey('a', 6)).toBeUndefined();
  });

  it('picks up to the half star under the pointer', () => {
    expect(ratingAt(0.01)).toBe(1);
    expect(ratingAt(0.5)).toBe(5);
    expect(ratingAt(0.52)).toBe(6);
    expect(ratingAt(1)).toBe(10);
  });

  it('says the rating in stars and on TMDB’s scale', () => {
    expect(ratingText(7)).toBe('3.5 stars (7 out of 10)');
    expect(ratingText(2)).toBe('1 star (2 out of 10)');
  });
});
