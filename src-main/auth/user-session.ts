import { forgetSecret, registerSecret } from '../../src-shared/redact';
import type { Account } from '../../src-shared/tmdb/schemas/account';
import { writeSession, type CredentialStore } from '../credentials';
import { errorCode } from '../base/errors';
import type { Logger } from '../base/log';
import type { TmdbClient } from '../tmdb/types';
import type { AuthState } from './auth-state';
import type { CredentialScope } from './credential-scope';

export interface UserSessionDeps {
  tmdb: TmdbClient;
  store: CredentialStore;
  clock: () => number;
  log: Logger;
  scope: CredentialScope;
  state: AuthState;
}

/**
 * Exchanges an approved request token for a session, reads whose account it is, and keeps the
 * session (store first, then memory). If anything after the exchange fails, the new session is
 * ended on TMDB as well, so a half-finished sign-in leaves no live session behind.
 */
export async function openUserSession(
  deps: UserSessionDeps,
  requestToken: string,
): Promise<Account> {
  const { tmdb, scope, state } = deps;
  const { session_id: sessionId } = await tmdb.request('POST /3/authentication/session/new', {
    body: { request_token: requestToken },
  });
  registerSecret(sessionId);
  try {
    const account = await scope.with({ ...state.appCredentials(), sessionId }, () =>
      tmdb.request('GET /3/account'),
    );
    await writeSession(deps.store, {
      kind: 'user',
      sessionId,
      accountId: account.id,
      createdAt: deps.clock(),
    });
    const previous = state.storedSession;
    state.setSession(
      { kind: 'user', sessionId, accountId: account.id, createdAt: deps.clock() },
      { id: account.id, username: account.username, name: account.name },
    );
    if (previous?.kind === 'guest') forgetSecret(previous.guestSessionId);
    deps.log.info('auth.signed_in', { accountId: account.id, kind: 'user' });
    return account;
  } catch (error) {
    await endRemoteSession(deps, sessionId);
    forgetSecret(sessionId);
    throw error;
  }
}

/** Ends a session on TMDB. True when TMDB ended it or no longer knew it; false when it could not tell. */
export async function endRemoteSession(
  deps: Pick<UserSessionDeps, 'tmdb' | 'log'>,
  sessionId: string,
): Promise<boolean> {
  try {
    await deps.tmdb.request('DELETE /3/authentication/session', {
      body: { session_id: sessionId },
    });
    return true;
  } catch (error) {
    const code = errorCode(error);
    deps.log.warn('auth.remote_sign_out_failed', { code, error });
    // TMDB refusing or not knowing the session (status 37) means it no longer works there either.
    return code === 'not_found' || code === 'unauthorized' || code === 'invalid_input';
  }
}
