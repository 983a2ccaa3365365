/** Which ways a sideways shelf can still scroll; a pixel of slack absorbs sub-pixel rounding. */
export function scrollRoom(el: { scrollLeft: number; scrollWidth: number; clientWidth: number }): {
  back: boolean;
  forward: boolean;
} {
  return {
    back: el.scrollLeft > 1,
    forward: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
  };
}

/** How far one press of a shelf's arrow goes: most of a screenful, so a card stays in sight. */
export function pageStep(clientWidth: number): number {
  return Math.max(1, Math.round(clientWidth * 0.85));
}
