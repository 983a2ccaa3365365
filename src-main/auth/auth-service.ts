import type { AuthStatus, Provenance } from '../../src-shared/ipc/contract';
import { CodedError } from '../../src-shared/ipc/errors';
import { forgetSecret, registerSecret } from '../../src-shared/redact';
import type { Account } from '../../src-shared/tmdb/schemas/account';
import { readSession, writeSession, type CredentialStore } from '../credentials';
import type { EventBus } from '../base/events';
import type { Logger } from '../base/log';
import type { TmdbClient, TmdbCredentials } from '../tmdb/types';
import { ApprovalFlows } from './approval';
import { checkAppToken, deleteAppToken, loadAppToken, saveAppToken } from './app-token';
import { AuthState, type AppToken, type EnvCredentials } from './auth-state';
import { CredentialScope } from './credential-scope';
import { isNetworkFailure, signInError } from './messages';
import { signOut } from './sign-out';
import { parseTmdbTime } from './tmdb-time';
import { openUserSession } from './user-session';

export interface AuthDeps {
  tmdb: TmdbClient;
  store: CredentialStore;
  clock: () => number;
  log: Logger;
  events: EventBus;
  env: EnvCredentials;
  /** 'https://www.themoviedb.org', or the demo catalogue's apiBase in demo mode. */
  approvalOrigin: string;
  openExternal: (url: string) => Promise<void>;
  /** Unsent outbox entries (sign-out warns first). */
  pendingChanges: () => number;
  /** The core pulls the library. */
  onSignedIn: (accountId: number) => void;
  /** The core clears account-scoped cache rows and library rows. */
  onSignedOut: () => Promise<void>;
}

export interface AuthService {
  init(): Promise<void>;
  credentials(): TmdbCredentials;
  accountId(): number | null;
  state(): AuthStatus['state'];
  /** The status the UI shows; asks TMDB for the account's name once, in the background. */
  status(): AuthStatus;
  /** Starts the browser sign-in: TMDB's approval page opens in the system browser. */
  beginApproval(): Promise<{ flowId: string; expiresAt: number }>;
  /** “I have approved”: finishes the browser sign-in, or reports how it ended. */
  completeApproval(flow: { flowId: string }): Promise<AuthStatus>;
  cancelApproval(flow: { flowId: string }): Promise<AuthStatus>;
  login(credentials: { username: string; password: string }): Promise<AuthStatus>;
  /** A guest session, which can only rate. */
  guest(): Promise<AuthStatus>;
  signOut(options: { discardPending: boolean }): Promise<AuthStatus>;
  /** Checks the user's own application credential with TMDB, then keeps it. */
  setAppToken(token: AppToken): Promise<AuthStatus>;
  clearAppToken(): Promise<AuthStatus>;
  /** The account, from TMDB; offline, the copy read earlier in this run. */
  accountDetails(): Promise<{ data: Account; meta: Provenance }>;
  close(): Promise<void>;
}

/** TMDB's guest sessions last 24 hours; used when its `expires_at` cannot be read. */
const GUEST_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Sign-in, the credentials Marquee presents to TMDB, and the account. Secrets live in the
 * credential store and in memory only; the status the renderer sees never carries one.
 */
export function createAuthService(deps: AuthDeps): AuthService {
  const { tmdb, store, clock, log, events } = deps;
  const state = new AuthState(deps.env, store, clock);
  const scope = new CredentialScope(() => state.credentials());
  let lastAccount: { data: Account; fetchedAt: number } | undefined;
  let refreshing: Promise<Account> | undefined;

  const snapshot = (): AuthStatus => state.status(flows.pending);
  const changed = (): void => {
    events.emit('auth.changed', snapshot());
  };

  const flows = new ApprovalFlows({
    tmdb,
    clock,
    log,
    approvalOrigin: deps.approvalOrigin.replace(/\/+$/, ''),
    openExternal: deps.openExternal,
    finish: (token) => openUserSession({ tmdb, store, clock, log, scope, state }, token),
    signedIn,
    changed,
  });

  function signedIn(account: Account): void {
    lastAccount = { data: account, fetchedAt: clock() };
    changed();
    deps.onSignedIn(account.id);
  }

  function refuseWhileSignedIn(): void {
    const account = state.account;
    if (state.state() === 'user' && account) {
      const who = account.username === '' ? 'a TMDB account' : account.username;
      throw new CodedError(
        'conflict',
        `You are already signed in as ${who}. Sign out first to switch accounts.`,
      );
    }
  }

  /** Reads the account from TMDB and updates the name the status shows. */
  function refreshAccount(accountId: number): Promise<Account> {
    refreshing ??= tmdb
      .request('GET /3/account/{account_id}', { params: { account_id: accountId } })
      .then((account) => {
        const before = state.account;
        state.setAccount({ id: account.id, username: account.username, name: account.name });
        lastAccount = { data: account, fetchedAt: clock() };
        if (before?.username !== account.username || before.name !== account.name) changed();
        return account;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function loadStored(): Promise<void> {
    try {
      state.appToken = await loadAppToken(store);
      registerSecret(state.appToken?.value);
    } catch (error) {
      log.warn('auth.app_token_unreadable', { error });
    }
    try {
      const session = await readSession(store, clock());
      if (session?.kind === 'user') registerSecret(session.sessionId);
      if (session?.kind === 'guest') registerSecret(session.guestSessionId);
      state.setSession(session);
    } catch (error) {
      // A damaged entry is removed so the next sign-in starts clean; the user simply signs in again.
      log.warn('auth.session_unreadable', { error });
      await store.delete('tmdb.session').catch(() => undefined);
    }
    registerSecret(deps.env.accessToken);
    registerSecret(deps.env.apiKey);
  }

  return {
    init: loadStored,
    credentials: () => scope.credentials(),
    accountId: () => state.accountId(),
    state: () => state.state(),

    status: () => {
      const accountId = state.accountId();
      // The saved session names no one until TMDB is asked; that happens here, off the start-up path.
      if (accountId !== null && state.account?.username === '' && !refreshing) {
        refreshAccount(accountId).catch((error: unknown) => {
          log.info('auth.account_refresh_failed', { error });
        });
      }
      return snapshot();
    },

    beginApproval: async () => {
      refuseWhileSignedIn();
      return flows.begin();
    },

    completeApproval: async ({ flowId }) => {
      await flows.complete(flowId);
      return snapshot();
    },

    cancelApproval: async ({ flowId }) => {
      await flows.cancel(flowId);
      return snapshot();
    },

    login: async ({ username, password }) => {
      refuseWhileSignedIn();
      // The user chose another way in: a browser sign-in still waiting must not land on top later.
      await flows.close();
      // For this call only: whatever fails below, the password cannot reach a log line or an error.
      registerSecret(password);
      try {
        const { request_token: token } = await tmdb.request('GET /3/authentication/token/new');
        registerSecret(token);
        await tmdb.request('POST /3/authentication/token/validate_with_login', {
          body: { username, password, request_token: token },
        });
        const account = await openUserSession({ tmdb, store, clock, log, scope, state }, token);
        signedIn(account);
        return snapshot();
      } catch (error) {
        log.info('auth.login_failed', { error });
        throw signInError(error);
      } finally {
        forgetSecret(password);
      }
    },

    guest: async () => {
      refuseWhileSignedIn();
      await flows.close();
      if (state.state() === 'guest') return snapshot();
      let answer;
      try {
        answer = await tmdb.request('GET /3/authentication/guest_session/new');
      } catch (error) {
        throw signInError(error);
      }
      registerSecret(answer.guest_session_id);
      const expiresAt = parseTmdbTime(answer.expires_at, clock() + GUEST_LIFETIME_MS);
      const session = {
        kind: 'guest' as const,
        guestSessionId: answer.guest_session_id,
        expiresAt,
      };
      await writeSession(store, session);
      state.setSession(session);
      log.info('auth.signed_in', { kind: 'guest', expiresAt });
      changed();
      return snapshot();
    },

    signOut: async ({ discardPending }) => {
      try {
        await signOut(
          {
            tmdb,
            store,
            log,
            state,
            pendingChanges: deps.pendingChanges,
            onSignedOut: deps.onSignedOut,
          },
          discardPending,
        );
      } finally {
        if (state.session === null) {
          lastAccount = undefined;
          changed();
        }
      }
      return snapshot();
    },

    setAppToken: async ({ kind, value }) => {
      const candidate = { kind, value };
      await checkAppToken(tmdb, scope, candidate);
      await saveAppToken(store, candidate);
      state.appToken = candidate;
      log.info('auth.app_token_set', { kind });
      changed();
      return snapshot();
    },

    clearAppToken: async () => {
      await deleteAppToken(store);
      state.appToken = null;
      log.info('auth.app_token_cleared');
      changed();
      return snapshot();
    },

    accountDetails: async () => {
      const accountId = state.accountId();
      if (accountId === null) {
        const why =
          state.state() === 'guest'
            ? 'A guest session has no TMDB account.'
            : 'You are not signed in.';
        throw new CodedError('unauthorized', `${why} Sign in with TMDB to see your account.`);
      }
      try {
        const data = await refreshAccount(accountId);
        return { data, meta: { source: 'network' as const, fetchedAt: clock(), stale: false } };
      } catch (error) {
        // Offline, the copy read earlier in this run is better than nothing; it says how old it is.
        if (isNetworkFailure(error) && lastAccount?.data.id === accountId) {
          return {
            data: lastAccount.data,
            meta: { source: 'cache' as const, fetchedAt: lastAccount.fetchedAt, stale: true },
          };
        }
        throw error;
      }
    },

    close: () => flows.close(),
  };
}
