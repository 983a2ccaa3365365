import { CodedError } from '../../src-shared/ipc/errors';
import { forgetSecret } from '../../src-shared/redact';
import type { CredentialStore } from '../credentials';
import type { Logger } from '../base/log';
import type { TmdbClient } from '../tmdb/types';
import type { AuthState } from './auth-state';
import { endRemoteSession } from './user-session';

export interface SignOutDeps {
  tmdb: TmdbClient;
  store: CredentialStore;
  log: Logger;
  state: AuthState;
  pendingChanges: () => number;
  onSignedOut: () => Promise<void>;
}

export interface SignOutResult {
  /** False when TMDB could not be told (offline): the session ended here only. */
  remoteEnded: boolean;
}

function changesText(count: number): string {
  return count === 1 ? '1 change has' : `${count} changes have`;
}

/**
 * Ends the session: refuses while unsent changes would be lost (unless the user said to discard
 * them), tells TMDB when it can be reached, and always finishes locally, removing the session from
 * the store and from memory before the account's data is cleared.
 */
export async function signOut(deps: SignOutDeps, discardPending: boolean): Promise<SignOutResult> {
  const { state, log } = deps;
  const session = state.storedSession;
  const pending = deps.pendingChanges();
  if (pending > 0 && !discardPending && state.session !== null) {
    throw new CodedError(
      'conflict',
      `${changesText(pending)} not been sent to TMDB yet and would be lost. Go online to send them first, or sign out anyway to discard them.`,
    );
  }
  let remoteEnded = true;
  if (session?.kind === 'user') remoteEnded = await endRemoteSession(deps, session.sessionId);
  // Guest sessions cannot be ended on TMDB; forgetting them is all there is.

  let storeFailure: unknown;
  try {
    await deps.store.delete('tmdb.session');
  } catch (error) {
    // Memory is cleared anyway: the user asked to be signed out, and is, for this run at least.
    storeFailure = error;
    log.error('auth.sign_out_store_failed', { error });
  }
  state.setSession(null);
  if (session?.kind === 'user') forgetSecret(session.sessionId);
  if (session?.kind === 'guest') forgetSecret(session.guestSessionId);
  log.info('auth.signed_out', {
    kind: session?.kind ?? 'none',
    remoteEnded,
    discarded: discardPending ? pending : 0,
  });

  try {
    await deps.onSignedOut();
  } catch (error) {
    log.error('auth.sign_out_cleanup_failed', { error });
    throw new CodedError(
      'internal',
      'You are signed out, but Marquee could not remove the account’s saved data. The details are in the log.',
    );
  }
  if (storeFailure !== undefined) {
    throw new CodedError(
      'internal',
      'You are signed out for now, but Marquee could not remove the saved session from the system keychain. Try signing out again.',
    );
  }
  return { remoteEnded };
}
