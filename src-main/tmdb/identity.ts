import { registerSecret } from '../../src-shared/redact';
import type { TmdbCredentials } from './types';

/**
 * Numbers who the client is speaking as. The number changes whenever any credential changes, so
 * it can stand in for the credentials in an in-memory key (the coalescing key) without holding
 * them. A change is also when the new secrets are registered for redaction, rather than on
 * every request.
 */
export class CredentialIdentity {
  #number = 0;
  #last: TmdbCredentials | undefined;

  of(credentials: TmdbCredentials): number {
    const last = this.#last;
    if (
      last === undefined ||
      last.accessToken !== credentials.accessToken ||
      last.apiKey !== credentials.apiKey ||
      last.sessionId !== credentials.sessionId ||
      last.guestSessionId !== credentials.guestSessionId
    ) {
      // A copy: the provider may hand out one object and change it in place.
      this.#last = {
        accessToken: credentials.accessToken,
        apiKey: credentials.apiKey,
        sessionId: credentials.sessionId,
        guestSessionId: credentials.guestSessionId,
      };
      this.#number += 1;
      registerSecret(credentials.accessToken);
      registerSecret(credentials.apiKey);
      registerSecret(credentials.sessionId);
      registerSecret(credentials.guestSessionId);
    }
    return this.#number;
  }
}
