import type { Shell } from 'electron';
import { redact } from '../../src-shared/redact';
import type { Logger } from '../base/log';

/** The only hosts whose pages Marquee opens in the system browser (title pages, sign-in approval). */
const TMDB_HOSTS = new Set(['www.themoviedb.org', 'themoviedb.org']);
const NO_ORIGINS: ReadonlySet<string> = new Set();

/**
 * True only for https://www.themoviedb.org/… or https://themoviedb.org/… with no credentials and
 * no explicit non-default port. Anything else a page asks to open is dropped (checklist point 15:
 * shell.openExternal with untrusted content can launch arbitrary protocol handlers).
 */
export function isAllowedExternalUrl(
  url: unknown,
  extraOrigins: ReadonlySet<string> = NO_ORIGINS,
): boolean {
  if (typeof url !== 'string' || url.length > 2048) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // The demo catalogue's own approval page (a loopback origin Marquee started itself).
  if (extraOrigins.has(parsed.origin) && parsed.username === '' && parsed.password === '')
    return true;
  return (
    parsed.protocol === 'https:' &&
    TMDB_HOSTS.has(parsed.hostname) &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === ''
  );
}

export type OpenExternal = (url: string) => Promise<boolean>;

/**
 * The guarded way to open a page in the system browser. Resolves true when the page was handed to
 * the OS, false when the URL is not allowed or the OS refused; it never rejects.
 */
export function createOpenExternal(
  shell: Pick<Shell, 'openExternal'>,
  log: Logger,
  extraOrigins: ReadonlySet<string> = NO_ORIGINS,
): OpenExternal {
  return async (url) => {
    if (!isAllowedExternalUrl(url, extraOrigins)) {
      log.warn('external.refused', { url: redact(url).slice(0, 200) });
      return false;
    }
    try {
      // The parsed, normalised form is what gets opened, never the raw string.
      await shell.openExternal(new URL(url).href);
      return true;
    } catch (error) {
      log.warn('external.failed', { url: redact(url), error });
      return false;
    }
  };
}
