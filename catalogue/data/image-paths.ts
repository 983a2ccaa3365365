import type { Rng } from './prng';

/**
 * Image kinds and their aspect ratios. The generated file name carries its kind in its last
 * character before the extension, so the image host can draw any path the catalogue hands out
 * without keeping a registry of them.
 */
export const IMAGE_KINDS = {
  poster: { mark: 'p', aspect: 2 / 3, original: 1000 },
  backdrop: { mark: 'b', aspect: 16 / 9, original: 1920 },
  profile: { mark: 'f', aspect: 2 / 3, original: 800 },
  still: { mark: 's', aspect: 16 / 9, original: 1280 },
  logo: { mark: 'l', aspect: 1, original: 500 },
  avatar: { mark: 'a', aspect: 1, original: 300 },
} as const;

export type ImageKind = keyof typeof IMAGE_KINDS;

export function imagePath(rng: Rng, kind: ImageKind): string {
  const ext = kind === 'logo' || kind === 'avatar' ? 'png' : 'jpg';
  const base = rng.filePath(ext);
  return `${base.slice(0, 27)}${IMAGE_KINDS[kind].mark}.${ext}`;
}

export function imageKindOf(file: string): ImageKind | undefined {
  const m = /^\/[A-Za-z0-9]{27}\.(?:jpg|png)$/.exec(file);
  if (!m) return undefined;
  const mark = file.charAt(27);
  for (const [kind, info] of Object.entries(IMAGE_KINDS))
    if (info.mark === mark) return kind as ImageKind;
  return undefined;
}
