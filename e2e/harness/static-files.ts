import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path to a file inside `root`, or null when it would leave the folder (`..`, encoded
 * slashes or backslashes, NUL) or is not a plain file name. Never follows the server's path blindly.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.' || s.startsWith('.'))) return null;
  const base = resolve(root);
  const full = resolve(base, ...segments);
  return full.startsWith(base + sep) ? full : null;
}

/** Reads a regular file, or returns null if there is none. */
export async function readStaticFile(path: string): Promise<Buffer | null> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

/**
 * Puts the bridge script right before the first module script, so `window.api` exists before the
 * renderer's code runs (a classic script runs at once; module scripts are deferred).
 */
export function injectBridge(html: string, bridgePath: string): string {
  const at = html.search(/<script\b[^>]*type=["']module["']/i);
  if (at === -1)
    throw new Error('The built index.html has no module script: is out/renderer a Marquee build?');
  return `${html.slice(0, at)}<script src="${bridgePath}"></script>\n    ${html.slice(at)}`;
}
