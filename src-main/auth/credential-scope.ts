import type { TmdbCredentials } from '../tmdb/types';

/**
 * Lets one request run with credentials other than the current ones (a candidate API key being
 * checked, a session not yet saved) without a second client. The client reads its credentials
 * provider synchronously when a request starts, before its first `await`, so an override set just
 * around that call reaches exactly that request and no other: JavaScript runs nothing else between
 * the two assignments. The auth tests exercise this against the real client.
 */
export class CredentialScope {
  #override: TmdbCredentials | undefined;
  readonly #current: () => TmdbCredentials;

  constructor(current: () => TmdbCredentials) {
    this.#current = current;
  }

  /** What the client presents right now. */
  credentials(): TmdbCredentials {
    return this.#override ?? this.#current();
  }

  /** Starts `send` (one client request) with `credentials` in force, and only it. */
  with<T>(credentials: TmdbCredentials, send: () => Promise<T>): Promise<T> {
    this.#override = credentials;
    try {
      return send();
    } finally {
      this.#override = undefined;
    }
  }
}
