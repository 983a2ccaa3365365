// Types only: a value import would pull zod into the renderer, whose CSP forbids zod's eval probe.
import type { IpcError } from '../../src-shared/ipc/errors';

/**
 * One plain sentence, with what to do, for an error shown to people (issue 13, defect 6). The
 * core's message names endpoints, HTTP statuses and TMDB's codes: useful for a bug report, so it
 * sits behind a "Details" toggle (ErrorDetails.svelte), never in the sentence itself.
 */
const PLAIN: Readonly<Record<IpcError['code'], string>> = {
  offline: 'Marquee cannot reach TMDB right now. Check your connection, then try again.',
  timeout: 'TMDB took too long to answer. Try again in a moment.',
  not_found: 'TMDB no longer has this. It may have been removed.',
  rate_limited: 'TMDB asked Marquee to slow down. Wait a moment, then try again.',
  unauthorized: 'TMDB did not accept your sign-in or token. Check them under Account.',
  forbidden: 'Marquee refused this request. Restart Marquee if it keeps happening.',
  upstream: 'TMDB is having trouble right now. Try again in a few minutes.',
  schema_mismatch: 'TMDB sent something Marquee cannot read. Try again later.',
  conflict: 'This changed elsewhere in the meantime. Reload, then try again.',
  unsupported: 'This is not available here.',
  invalid_input: 'Marquee could not use that input. Check it, then try again.',
  unknown_channel: 'Something went wrong inside Marquee. Restart Marquee, then try again.',
  disk_full: 'Your disk is full. Free some space, then try again.',
  storage_io: 'Marquee could not read or write its data files. Check the disk, then try again.',
  storage_busy: 'Marquee’s data files are busy. Try again in a moment.',
  storage_readonly: 'Marquee cannot write its data files. Check their permissions, then try again.',
  internal:
    'Something went wrong inside Marquee. Try again; restart Marquee if it keeps happening.',
};

function isCode(value: string): value is IpcError['code'] {
  return Object.hasOwn(PLAIN, value);
}

export function plainError(error: Pick<IpcError, 'code'>): string {
  return PLAIN[error.code];
}

/** The technical text worth a Details toggle: none when it would only repeat the sentence. */
export function technicalDetail(error: Pick<IpcError, 'code' | 'message'>): string | null {
  const text = error.message.trim();
  return text === '' || text === plainError(error) ? null : text;
}

/**
 * A stored failure text such as the outbox's `lastError` ("not_found: … (POST …)"), read as the
 * same plain sentence; text without a known code prefix is returned as it is.
 */
export function plainErrorText(text: string): { plain: string; technical: string | null } {
  const code = /^([a-z_]+):/.exec(text)?.[1];
  if (code === undefined || !isCode(code)) return { plain: text, technical: null };
  return { plain: plainError({ code }), technical: text };
}

/** Marks of a message written for developers: an API path, an HTTP status, a socket error. */
const TECHNICAL =
  /\/3\/|\bHTTP \d{3}\b|\bTMDB status \d|ECONN|ENOTFOUND|fetch failed|status_code|expected \w+, received/;

/**
 * The core's message when it was written for people (sign-in, token and list checks say exactly
 * what is wrong), else the plain sentence for its code.
 */
export function readableError(error: Pick<IpcError, 'code' | 'message'>): string {
  return TECHNICAL.test(error.message) || error.message.trim() === ''
    ? plainError(error)
    : error.message;
}
