import { redact } from '../../src-shared/redact';

/**
 * Credentials that may never be part of a cache key. Callers build keys without them; this is the
 * second line of defence, because a key is written to SQLite as-is.
 */
const SECRET_IN_KEY =
  /(?:^|[?&;\s])(api_key|session_id|guest_session_id|request_token|access_token)=/i;

/** Throws when a cache key carries a credential. The error text shows the key redacted. */
export function assertSafeKey(key: string): void {
  // A guest session id is also a path segment of TMDB's guest endpoints: such responses are
  // account data and must be keyed by the account scope, not by the session.
  if (SECRET_IN_KEY.test(key) || /\/guest_session\/[^/]+/.test(key) || redact(key) !== key) {
    throw new UnsafeCacheKeyError(
      redact(key).replace(/\/guest_session\/[^/]+/, '/guest_session/[redacted]'),
    );
  }
}

export class UnsafeCacheKeyError extends Error {
  readonly code = 'invalid_input';
  constructor(redactedKey: string) {
    super(`refusing to cache a request whose key carries a credential: ${redactedKey}`);
    this.name = 'UnsafeCacheKeyError';
  }
}
