/**
 * Image addresses. Marquee never loads TMDB's image host directly: the app serves images under its
 * own path (`app.info`'s `imagePath`, "img"), relative to the page, and caches them on disk, so
 * posters show offline and the CSP can forbid every other image origin.
 */

/** The TMDB image sizes Marquee asks for. */
export type ImageSize =
  'w92' | 'w154' | 'w185' | 'w300' | 'w342' | 'w500' | 'w780' | 'w1280' | 'h632' | 'original';

export const DEFAULT_IMAGE_PATH = 'img';

/** TMDB file paths look like `/kqjL17yufvn9OVLyXYpvtyrFfak.jpg`: one segment, no dot-dot, no query. */
const FILE_PATH = /^\/[A-Za-z0-9_-]+\.(?:jpe?g|png|svg|webp)$/i;

/** True when `path` is a file path the image route can serve. */
export function isImagePath(path: string | null | undefined): path is string {
  return typeof path === 'string' && FILE_PATH.test(path);
}

/**
 * `img/w342/abc.jpg` for size w342 and path `/abc.jpg`, or null when there is no usable path (the
 * caller then shows a placeholder). A malformed path is treated as missing rather than passed on.
 */
export function imageSrc(
  path: string | null | undefined,
  size: ImageSize,
  base: string = DEFAULT_IMAGE_PATH,
): string | null {
  if (!isImagePath(path)) return null;
  const root = base.replace(/\/+$/, '');
  return `${root}/${size}${path}`;
}
