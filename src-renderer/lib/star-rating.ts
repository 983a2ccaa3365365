/**
 * A star rating on TMDB's scale: five stars, one star per 2 points (star = value / 2), so half a
 * star is one point and the control moves on 1–10. TMDB also accepts x.5 values; one set
 * elsewhere is shown as it is and the next key press lands on the half-star grid again.
 */
export const RATING_MIN = 1;
export const RATING_MAX = 10;

/** A rating TMDB accepts (0.5 steps), kept within the control's range. */
export function clampRating(value: number): number {
  const stepped = Math.round(value * 2) / 2;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, stepped));
}

/** How full star `index` (0–4) is for a rating: 0, 0.5 or 1. */
export function starFill(rating: number, index: number): number {
  return Math.min(1, Math.max(0, rating / 2 - index));
}

/** The rating a pointer at `fraction` (0–1) across the five stars picks: up to that half star. */
export function ratingAt(fraction: number): number {
  return clampRating(Math.ceil(Math.min(1, Math.max(0, fraction)) * 10));
}

/** The rating after a key, or undefined for a key the control does not take. */
export function ratingAfterKey(key: string, rating: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clampRating(Math.floor(rating) + 1);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampRating(Math.ceil(rating) - 1);
    case 'PageUp':
      return clampRating(rating + 2);
    case 'PageDown':
      return clampRating(rating - 2);
    case 'Home':
      return RATING_MIN;
    case 'End':
      return RATING_MAX;
    default:
      return undefined;
  }
}

/** "3.5 stars (7 out of 10)": what a screen reader says for a rating. */
export function ratingText(rating: number): string {
  const stars = rating / 2;
  return `${stars} ${stars === 1 ? 'star' : 'stars'} (${rating} out of 10)`;
}
