/**
 * Marquee's own page lives at app://marquee/…, served by the `app` protocol (protocol.ts).
 * Node's URL parser gives non-special schemes an opaque origin ("null"), so trust decisions
 * compare the scheme and host rather than `URL.origin`.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'marquee';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** True only for a well-formed app://marquee/… URL without credentials or a port. */
export function isAppUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host === APP_HOST &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === ''
  );
}

/** A short description of where a URL points, safe for a log line (no path, no query). */
export function describeOrigin(url: unknown): string {
  if (typeof url !== 'string') return 'none';
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'invalid';
  }
}
