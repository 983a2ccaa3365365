/**
 * A local stand-in for a Gravatar: Marquee never loads an outside image, so the account's
 * Gravatar hash is drawn as a 5×5 mirrored pattern in a colour taken from the hash itself.
 */
export interface Identicon {
  /** Filled cells as [column, row], columns 0–4. */
  cells: [number, number][];
  /** An HSL colour, e.g. `hsl(212 55% 45%)`. */
  color: string;
}

const HEX = /^[0-9a-f]{32}$/i;

export function identicon(hash: string): Identicon | null {
  if (!HEX.test(hash)) return null;
  const nibble = (i: number): number => parseInt(hash.charAt(i), 16);
  const cells: [number, number][] = [];
  // Columns 0–2 come from the hash; 3 and 4 mirror 1 and 0, so the pattern is symmetric.
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if (nibble(row * 3 + col) % 2 === 0) {
        cells.push([col, row]);
        if (col < 2) cells.push([4 - col, row]);
      }
    }
  }
  const hue = parseInt(hash.slice(25, 28), 16) % 360;
  return { cells, color: `hsl(${hue} 55% 45%)` };
}

/** "DV" for "Demo Viewer", "M" for "marquee-demo": what an avatar shows when nothing else fits. */
export function initials(name: string, username: string): string {
  const words = (name.trim() || username.trim()).split(/[\s._-]+/).filter((w) => w !== '');
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((w) => (w ?? '').charAt(0).toUpperCase()).join('') || '?';
}
