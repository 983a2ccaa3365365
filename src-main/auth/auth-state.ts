import type { AuthStatus } from '../../src-shared/ipc/contract';
import type { StoredSession } from '../credentials';
import type { CredentialStore } from '../credentials';
import type { TmdbCredentials } from '../tmdb/types';

export type AppTokenKind = 'accessToken' | 'apiKey';
export interface AppToken {
  kind: AppTokenKind;
  value: string;
}

/** What the status may say about the signed-in account: never the session itself. */
export interface AccountSummary {
  id: number;
  username: string;
  name: string;
}

export interface EnvCredentials {
  accessToken?: string | undefined;
  apiKey?: string | undefined;
  demo: boolean;
}

/**
 * The credentials Marquee holds in memory (the client's provider is synchronous, the stores are
 * not), and the status derived from them. Only the auth service changes it.
 */
export class AuthState {
  appToken: AppToken | null = null;
  #session: StoredSession | null = null;
  #account: AccountSummary | null = null;
  readonly #env: EnvCredentials;
  readonly #store: CredentialStore;
  readonly #clock: () => number;

  constructor(env: EnvCredentials, store: CredentialStore, clock: () => number) {
    this.#env = env;
    this.#store = store;
    this.#clock = clock;
  }

  /** The live session: an expired guest session counts as none, as TMDB would refuse it. */
  get session(): StoredSession | null {
    const session = this.#session;
    if (session?.kind === 'guest' && session.expiresAt <= this.#clock()) return null;
    return session;
  }

  /** The session as stored, expired or not (sign-out must still remove an expired one). */
  get storedSession(): StoredSession | null {
    return this.#session;
  }

  get account(): AccountSummary | null {
    return this.#account;
  }

  setSession(session: StoredSession | null, account: AccountSummary | null = null): void {
    this.#session = session;
    this.#account =
      session?.kind === 'user'
        ? (account ?? { id: session.accountId, username: '', name: '' })
        : null;
  }

  setAccount(account: AccountSummary): void {
    if (this.#session?.kind === 'user' && this.#session.accountId === account.id)
      this.#account = account;
  }

  /** The application's own credentials: the user's token wins over the environment's. */
  appCredentials(): TmdbCredentials {
    if (this.appToken) return { [this.appToken.kind]: this.appToken.value };
    return { accessToken: this.#env.accessToken, apiKey: this.#env.apiKey };
  }

  credentials(): TmdbCredentials {
    const session = this.session;
    if (session?.kind === 'user') return { ...this.appCredentials(), sessionId: session.sessionId };
    if (session?.kind === 'guest')
      return { ...this.appCredentials(), guestSessionId: session.guestSessionId };
    return this.appCredentials();
  }

  state(): AuthStatus['state'] {
    const session = this.session;
    return session === null ? 'signed_out' : session.kind;
  }

  accountId(): number | null {
    const session = this.session;
    return session?.kind === 'user' ? session.accountId : null;
  }

  appCredentialSource(): AuthStatus['appCredentials'] {
    if (this.appToken) return 'user-token';
    if (!this.#env.accessToken && !this.#env.apiKey) return 'none';
    return this.#env.demo ? 'demo' : 'environment';
  }

  status(approvalPending: boolean): AuthStatus {
    const session = this.session;
    const store = this.#store;
    return {
      state: this.state(),
      account:
        session?.kind === 'user'
          ? { ...(this.#account ?? { id: session.accountId, username: '', name: '' }) }
          : null,
      guestExpiresAt: session?.kind === 'guest' ? session.expiresAt : null,
      storage:
        store.reason === undefined
          ? { kind: store.kind, persistent: store.persistent }
          : { kind: store.kind, persistent: store.persistent, reason: store.reason },
      appCredentials: this.appCredentialSource(),
      approvalPending,
    };
  }
}
