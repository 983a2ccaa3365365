import { describe, expect, it } from 'vitest';
import { painterFor } from './artwork';
import type { ImageKind } from './data/image-paths';

function pixels(kind: ImageKind, path: string, width: number, height: number): number[] {
  const paint = painterFor(kind, path, width, height);
  const out: number[] = [];
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) out.push(...paint(x, y));
  return out;
}

describe('generated artwork', () => {
  const kinds: ImageKind[] = ['poster', 'backdrop', 'still', 'profile', 'logo', 'avatar'];

  it('draws the same picture for the same path, and a different one for another path', () => {
    for (const kind of kinds) {
      const once = pixels(kind, '/aaaaaaaaaaaaaaaaaaaaaaaaaap.jpg', 24, 36);
      expect(pixels(kind, '/aaaaaaaaaaaaaaaaaaaaaaaaaap.jpg', 24, 36), kind).toEqual(once);
      expect(pixels(kind, '/aaaaaaaaaaaaaaaaaaaaaaaaabp.jpg', 24, 36), kind).not.toEqual(once);
    }
  });

  it('paints real colour rather than a flat tile: many distinct colours, all in range', () => {
    for (const kind of kinds) {
      const values = pixels(kind, '/Zq3xY7pLmN2bV8cR4tK9wH1sD6f.jpg', 40, 60);
      expect(
        values.every((v) => Number.isInteger(v) && v >= 0 && v <= 255),
        kind,
      ).toBe(true);
      const colours = new Set<string>();
      for (let i = 0; i < values.length; i += 3) colours.add(values.slice(i, i + 3).join(','));
      expect(colours.size, kind).toBeGreaterThan(40);
    }
  });
});
