import { defineEndpoints, noParams } from '../define';
import {
  deletedSession,
  newGuestSession,
  newSession,
  requestToken,
  requestTokenBody,
  sessionIdBody,
  validateWithLoginBody,
} from '../schemas';

/** Sign-in: request tokens, sessions and guest sessions. Never cached; answers carry secrets. */
export const authEndpoints = defineEndpoints({
  'GET /3/authentication/token/new': {
    params: noParams,
    query: noParams,
    body: undefined,
    response: requestToken,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'none',
  },
  // Not idempotent: a request token can be validated once; a repeat after a lost answer fails with status 33 or 41.
  'POST /3/authentication/token/validate_with_login': {
    params: noParams,
    query: noParams,
    body: validateWithLoginBody,
    response: requestToken,
    auth: 'app',
    success: [200],
    idempotent: false,
    cache: 'none',
  },
  // Not idempotent: a request token is spent by the first session made from it.
  'POST /3/authentication/session/new': {
    params: noParams,
    query: noParams,
    body: requestTokenBody,
    response: newSession,
    auth: 'app',
    success: [200],
    idempotent: false,
    cache: 'none',
  },
  // A GET, but each call creates a new guest session: never retried, never cached.
  'GET /3/authentication/guest_session/new': {
    params: noParams,
    query: noParams,
    body: undefined,
    response: newGuestSession,
    auth: 'app',
    success: [200],
    idempotent: false,
    cache: 'none',
  },
  // The session id travels in the body here, not the query.
  'DELETE /3/authentication/session': {
    params: noParams,
    query: noParams,
    body: sessionIdBody,
    response: deletedSession,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'none',
  },
});
