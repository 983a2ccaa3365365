/**
 * A placeholder's colour comes from the title it stands for, so a shelf of titles without images
 * reads as distinct tiles (the way streaming apps colour missing artwork), and the same title keeps
 * its colour everywhere and across runs.
 */
export function placeholderHue(title: string): number {
  // FNV-1a: tiny, stable, and spreads short titles well enough over 360 degrees.
  let h = 0x811c9dc5;
  for (let i = 0; i < title.length; i += 1) h = Math.imul(h ^ title.charCodeAt(i), 0x01000193);
  return (h >>> 0) % 360;
}

export type PlaceholderGlyph = 'film' | 'tv' | 'user';
