import type { ImageKind } from './data/image-paths';
import { hashString } from './data/prng';
import type { Rgb } from './png';

/**
 * The demo catalogue's pictures: a palette and a composition chosen by the image's path, so the
 * same path always draws the same picture and a grid of them reads like real artwork (posters with
 * a motif and a title block, landscapes for backdrops, a scene with a band for stills, a silhouette
 * for portraits) rather than identical swatches.
 */
export type Painter = (x: number, y: number) => Rgb;

type Vec = readonly [number, number, number];

function hsl(hue: number, sat: number, light: number): Vec {
  const h = (((hue % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * light - 1)) * sat;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const m = light - c / 2;
  const [r, g, b] =
    h < 1
      ? [c, x, 0]
      : h < 2
        ? [x, c, 0]
        : h < 3
          ? [0, c, x]
          : h < 4
            ? [0, x, c]
            : h < 5
              ? [x, 0, c]
              : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

function mix(a: Vec, b: Vec, t: number): Vec {
  const k = Math.min(1, Math.max(0, t));
  return [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k];
}

const WHITE: Vec = [250, 250, 250];

function shade(c: Vec, factor: number): Vec {
  return [c[0] * factor, c[1] * factor, c[2] * factor];
}

/** Coverage of a shape from its signed distance (negative inside), smoothed over one pixel. */
function cover(distance: number, pixel: number): number {
  return Math.min(1, Math.max(0, 0.5 - distance / pixel));
}

// Math.hypot is several times slower than this in V8, and it runs for every pixel.
function len(a: number, b: number): number {
  return Math.sqrt(a * a + b * b);
}

/**
 * The colour of the pixel being painted, blended in place: a painter runs a million times for a
 * backdrop, and a fresh array per blend made that several times slower.
 */
class Pen {
  r = 0;
  g = 0;
  b = 0;

  from(a: Vec, b: Vec, t: number): void {
    const k = Math.min(1, Math.max(0, t));
    this.r = a[0] + (b[0] - a[0]) * k;
    this.g = a[1] + (b[1] - a[1]) * k;
    this.b = a[2] + (b[2] - a[2]) * k;
  }

  over(c: Vec, t: number): void {
    if (t <= 0) return;
    const k = Math.min(1, t);
    this.r += (c[0] - this.r) * k;
    this.g += (c[1] - this.g) * k;
    this.b += (c[2] - this.b) * k;
  }

  rgb(factor = 1): Rgb {
    return [Math.round(this.r * factor), Math.round(this.g * factor), Math.round(this.b * factor)];
  }
}

/** A few independent draws from one path (FNV of the path, then a xorshift stream). */
function draws(path: string): () => number {
  // FNV alone barely moves for paths that differ in one character: a murmur finaliser spreads it.
  let s = hashString(path);
  s = Math.imul(s ^ (s >>> 16), 0x85ebca6b);
  s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35);
  s = s ^ (s >>> 16) || 1;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
  // xorshift's first outputs from nearby seeds stay alike; a few discarded draws separate them.
  for (let i = 0; i < 6; i += 1) next();
  return next;
}

interface Palette {
  hue: number;
  deep: Vec;
  mid: Vec;
  glow: Vec;
  accent: Vec;
  pale: Vec;
  variant: number;
  phase: number;
}

function paletteOf(path: string): Palette {
  const next = draws(path);
  const hue = next() * 360;
  const second = hue + 40 + next() * 120;
  return {
    hue,
    deep: hsl(hue, 0.55, 0.12),
    mid: hsl(second, 0.55, 0.4),
    glow: hsl(second + 20, 0.75, 0.62),
    accent: hsl(hue + 180, 0.8, 0.6),
    pale: hsl(second, 0.35, 0.9),
    variant: Math.floor(next() * 4),
    phase: next() * Math.PI * 2,
  };
}

function poster(p: Palette, width: number, height: number): Painter {
  const px = 1 / width;
  const aspect = height / width;
  const pen = new Pen();
  const shadow = shade(p.deep, 0.8);
  return (x, y) => {
    const u = x / width;
    const v = y / height;
    pen.from(p.deep, p.mid, v * 1.1);
    const cx = u - 0.5;
    const cy = (v - 0.4) * aspect;
    const r = len(cx, cy);
    pen.over(p.glow, 0.35 * Math.max(0, 1 - r / 0.6));
    if (p.variant === 0) {
      // A low sun cut by horizontal stripes.
      const inside = cover(r - 0.3, px);
      const below = v - 0.42;
      const stripe = below > 0 && below % 0.045 < 0.008 + below * 0.12 ? 0 : 1;
      pen.over(mix(p.accent, p.glow, (cy + 0.3) / 0.6), inside * stripe);
    } else if (p.variant === 1) {
      // Concentric rings.
      const ring = Math.floor(r / 0.07);
      const edge = Math.abs((r % 0.07) - 0.035) - 0.012;
      if (r < 0.45 && ring % 2 === 0) pen.over(p.accent, cover(edge, px) * (1.1 - r / 0.6));
    } else if (p.variant === 2) {
      // A peak under a moon.
      const moon = cover(len(u - 0.72, (v - 0.2) * aspect) - 0.09, px);
      pen.over(p.pale, moon);
      const slope = Math.abs(u - 0.5) * 1.25 + 0.25;
      pen.over(shadow, cover((slope - v) * aspect, px));
      pen.over(
        p.accent,
        cover((slope + 0.03 - v) * aspect, px) * cover((v - slope - 0.015) * aspect, px),
      );
    } else {
      // Diagonal bands across the middle.
      const d = (u + v * 0.9 + p.phase) % 0.22;
      const band = d < 0.08 && v > 0.18 && v < 0.72 ? 1 : 0;
      pen.over(p.accent, band * 0.85);
    }
    // The title block: two bars, as a poster's lettering would sit.
    if (Math.abs(u - 0.5) < 0.32 && v > 0.8 && v < 0.835) pen.over(p.pale, 0.95);
    if (Math.abs(u - 0.5) < 0.2 && v > 0.86 && v < 0.875) pen.over(p.pale, 0.7);
    const vignette = 1 - 0.35 * Math.min(1, len(u - 0.5, v - 0.5) ** 2 * 2.2);
    return pen.rgb(vignette);
  };
}

/** A ridge line across the width, between 0 and 1 from the top. */
function ridge(u: number, base: number, amp: number, phase: number): number {
  return base + amp * (0.6 * Math.sin(u * 7 + phase) + 0.4 * Math.sin(u * 17 + phase * 1.7));
}

function landscape(p: Palette, width: number, height: number, band: boolean): Painter {
  const px = 1 / height;
  const aspect = width / height;
  // The sun keeps to the right: a details page sets its title over the left of a backdrop.
  const sunX = 0.6 + ((p.phase / (Math.PI * 2)) % 1) * 0.25;
  const layers = [
    { base: 0.58, amp: 0.06, tone: shade(p.mid, 0.75) },
    { base: 0.7, amp: 0.05, tone: shade(p.mid, 0.45) },
    { base: 0.82, amp: 0.04, tone: p.deep },
  ];
  const pen = new Pen();
  const night = hsl(p.hue, 0.5, 0.1);
  const ground = shade(p.mid, 0.55);
  // Ridge heights per column, computed once rather than for every pixel.
  const tops = new Float64Array(layers.length * width);
  for (const [i, layer] of layers.entries())
    for (let x = 0; x < width; x += 1)
      tops[i * width + x] = ridge(x / width, layer.base, layer.amp, p.phase + i * 2.1);
  return (x, y) => {
    const u = x / width;
    const v = y / height;
    pen.from(night, p.glow, (v / 0.62) * Math.sqrt(v / 0.62));
    const sun = len((u - sunX) * aspect, v - 0.5);
    pen.over(p.pale, 0.5 * Math.max(0, 1 - sun / 0.45));
    pen.over(p.pale, cover(sun - 0.13, px));
    if (band) {
      // A still: a bright band at the horizon, and the ground below it.
      pen.over(p.accent, cover(Math.abs(v - 0.6) - 0.035, px));
      if (v > 0.635) pen.from(ground, p.deep, (v - 0.635) / 0.365);
      return pen.rgb();
    }
    for (let i = 0; i < layers.length; i += 1) {
      const tone = layers[i]?.tone ?? p.deep;
      pen.over(tone, cover((tops[i * width + x] ?? 1) - v, px));
    }
    return pen.rgb();
  };
}

function portrait(p: Palette, width: number, height: number): Painter {
  const px = 1 / width;
  const aspect = height / width;
  const figure = hsl(p.hue, 0.3, 0.14);
  const light = hsl(p.hue, 0.45, 0.55);
  const dark = hsl(p.hue + 30, 0.5, 0.3);
  const pen = new Pen();
  return (x, y) => {
    const u = x / width;
    const v = y / height;
    const ny = v * aspect;
    pen.from(light, dark, v);
    const halo = len(u - 0.5, ny - 0.42 * aspect);
    pen.over(p.pale, 0.45 * Math.max(0, 1 - halo / 0.5));
    const headY = 0.45 * aspect;
    const head = len((u - 0.5) / 0.85, ny - headY) - 0.2;
    const neck = Math.max(Math.abs(u - 0.5) - 0.085, Math.abs(ny - (headY + 0.2)) - 0.14);
    const shoulders = len((u - 0.5) / 0.46, (ny - aspect * 0.9) / 0.34) - 1;
    const body = Math.min(head, neck, shoulders * 0.3);
    pen.over(figure, cover(body, px));
    return pen.rgb();
  };
}

function logo(p: Palette, width: number): Painter {
  const px = 1 / width;
  const base = hsl(p.hue, 0.7, 0.42);
  const low = shade(base, 0.7);
  const pen = new Pen();
  return (x, y) => {
    const u = x / width - 0.5;
    const v = y / width - 0.5;
    pen.from(base, low, v + 0.5);
    const r = len(u, v);
    const mark =
      p.variant % 2 === 0
        ? Math.abs(r - 0.22) - 0.06
        : Math.max(-u * 0.9 - 0.12, Math.abs(v) + u * 0.6 - 0.1);
    pen.over(WHITE, cover(mark, px));
    return pen.rgb();
  };
}

/** The painter of one image of a kind, its size in pixels and its path. */
export function painterFor(kind: ImageKind, path: string, width: number, height: number): Painter {
  const p = paletteOf(path);
  switch (kind) {
    case 'poster':
      return poster(p, width, height);
    case 'backdrop':
      return landscape(p, width, height, false);
    case 'still':
      return landscape(p, width, height, true);
    case 'profile':
    case 'avatar':
      return portrait(p, width, height);
    case 'logo':
      return logo(p, width);
  }
}
