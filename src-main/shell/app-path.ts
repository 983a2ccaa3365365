import { isAbsolute, relative, resolve, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './origin';

/** What an app:// request asks for, decided before any file is touched. */
export type AppTarget =
  | { kind: 'file'; file: string }
  | { kind: 'route'; route: string; rest: string }
  | { kind: 'reject'; status: 404 | 405; reason: string };

/**
 * Maps an app://marquee/… URL to a file inside `root`, or to a named route (e.g. `img`).
 * Everything that could leave the root is refused: `..` and `.` segments (also percent-encoded),
 * encoded slashes and backslashes, NUL, drive letters and absolute paths. Chromium normalises
 * standard-scheme URLs before they reach us, so these checks are the second line, not the first.
 */
export function resolveAppTarget(
  rawUrl: string,
  method: string,
  root: string,
  routes: readonly string[] = [],
): AppTarget {
  if (method !== 'GET' && method !== 'HEAD') return reject(405, 'method');
  if (rawUrl.includes('\0') || /%00/i.test(rawUrl)) return reject(404, 'nul');
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return reject(404, 'unparsable');
  }
  if (
    url.protocol !== `${APP_SCHEME}:` ||
    url.host !== APP_HOST ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return reject(404, 'host');
  }
  // The raw text is checked too: the URL parser would already have folded `/../` into the path.
  if (
    /(^|[/\\])(\.|%2e){2}([/\\?#]|$)/i.test(
      rawUrl.replace(/^[a-z]+:\/\/[^/]*/i, '').replace(/[?#].*$/s, ''),
    )
  ) {
    return reject(404, 'traversal');
  }

  const segments: string[] = [];
  for (const encoded of url.pathname.split('/')) {
    if (encoded === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return reject(404, 'encoding');
    }
    if (segment === '.' || segment === '..' || /[/\\\0:]/.test(segment))
      return reject(404, 'traversal');
    segments.push(segment);
  }

  const [first, ...rest] = segments;
  if (first !== undefined && routes.includes(first))
    return { kind: 'route', route: first, rest: rest.join('/') };

  const relativePath = segments.length === 0 ? 'index.html' : segments.join('/');
  if (isAbsolute(relativePath)) return reject(404, 'absolute');
  const base = resolve(root);
  const file = resolve(base, relativePath);
  const inside = relative(base, file);
  if (
    inside === '' ||
    inside.startsWith('..') ||
    isAbsolute(inside) ||
    !file.startsWith(base + sep)
  ) {
    return reject(404, 'outside');
  }
  return { kind: 'file', file };
}

function reject(status: 404 | 405, reason: string): AppTarget {
  return { kind: 'reject', status, reason };
}
