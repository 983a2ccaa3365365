import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { AuthStatus } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { call } from '../api';

/** What the sign-in panel is doing right now. */
export type AuthActivity =
  'idle' | 'starting' | 'waiting' | 'confirming' | 'password' | 'guest' | 'signing-out';

/** A sign-out the core refused because unsent changes would be lost: the UI asks before discarding. */
export interface PendingWarning {
  message: string;
}

/**
 * The session as the renderer knows it (never a secret: the core sends state and names only),
 * kept current by `auth.changed`, and the sign-in actions with their progress and errors.
 */
export class AuthStore {
  #status = $state.raw<AuthStatus | null>(null);
  #activity = $state<AuthActivity>('idle');
  #error = $state.raw<IpcError | null>(null);
  #warning = $state.raw<PendingWarning | null>(null);
  #notice = $state<string | null>(null);
  #flowId: string | null = null;
  /** This flow was seen pending, so a later “not pending” means it ended (not a stale event). */
  #sawPending = false;
  #retry: (() => Promise<void>) | null = null;

  get status(): AuthStatus | null {
    return this.#status;
  }
  get activity(): AuthActivity {
    return this.#activity;
  }
  /** The last action's failure, in the core's words. */
  get error(): IpcError | null {
    return this.#error;
  }
  /** Set when sign-out needs the user's confirmation to discard unsent changes. */
  get warning(): PendingWarning | null {
    return this.#warning;
  }
  /** A one-off remark after an action (e.g. signed out while offline). */
  get notice(): string | null {
    return this.#notice;
  }
  get canRetry(): boolean {
    return this.#retry !== null;
  }

  readonly signedIn = $derived(this.#status?.state === 'user');
  readonly waiting = $derived(this.#activity === 'waiting' || this.#activity === 'confirming');

  /** Loads the status and follows `auth.changed`; returns the function that unsubscribes. */
  start(bridge: MarqueeApi): () => void {
    const stop = bridge.on('auth.changed', (status) => {
      this.#apply(status);
    });
    void this.refresh();
    return stop;
  }

  async refresh(): Promise<void> {
    const result = await call('auth.status');
    if (result.ok) this.#apply(result.value);
    else this.#error = result.error;
  }

  /** “Sign in with TMDB”: the core opens TMDB’s page in the browser. */
  async beginApproval(): Promise<void> {
    this.#begin('starting');
    this.#sawPending = false;
    const result = await call('auth.beginApproval');
    if (result.ok) {
      this.#flowId = result.value.flowId;
      this.#retry = null;
      this.#activity = 'waiting';
    } else {
      this.#fail(result.error, () => this.beginApproval(), 'idle');
    }
  }

  /** “I have approved”: asks the core to finish when the browser did not come back by itself. */
  async completeApproval(): Promise<void> {
    const flowId = this.#flowId;
    if (flowId === null) return;
    this.#activity = 'confirming';
    const result = await call('auth.completeApproval', { flowId });
    this.#settle(result, () => this.completeApproval(), 'waiting');
  }

  async cancelApproval(): Promise<void> {
    const flowId = this.#flowId;
    this.#flowId = null;
    this.#activity = 'idle';
    this.#error = null;
    if (flowId !== null) this.#applyResult(await call('auth.cancelApproval', { flowId }));
  }

  async login(username: string, password: string): Promise<void> {
    this.#begin('password');
    this.#settle(
      await call('auth.login', { username, password }),
      () => this.login(username, password),
      'idle',
    );
  }

  async guest(): Promise<void> {
    this.#begin('guest');
    this.#settle(await call('auth.guest'), () => this.guest(), 'idle');
  }

  /** Signs out; when unsent changes would be lost, sets `warning` instead and waits for a confirm. */
  async signOut(discardPending = false, offline = false): Promise<void> {
    this.#warning = null;
    this.#notice = null;
    this.#activity = 'signing-out';
    const result = await call('auth.signOut', { discardPending });
    if (!result.ok && result.error.code === 'conflict') {
      this.#activity = 'idle';
      this.#warning = { message: result.error.message };
      return;
    }
    this.#settle(result, () => this.signOut(discardPending, offline), 'idle');
    if (result.ok && offline) {
      this.#notice =
        'Signed out on this device. Marquee could not tell TMDB, so the session stays valid there until you end it in your TMDB account settings.';
    }
  }

  dismissWarning(): void {
    this.#warning = null;
  }

  async retry(): Promise<void> {
    const again = this.#retry;
    if (again) await again();
  }

  reset(): void {
    this.#status = null;
    this.#activity = 'idle';
    this.#error = null;
    this.#warning = null;
    this.#notice = null;
    this.#flowId = null;
    this.#retry = null;
  }

  #begin(activity: AuthActivity): void {
    this.#activity = activity;
    this.#error = null;
    this.#notice = null;
  }

  #fail(error: IpcError, again: () => Promise<void>, activity: AuthActivity): void {
    this.#error = error;
    this.#retry = again;
    this.#activity = activity;
  }

  #settle(
    result: IpcResult<AuthStatus>,
    again: () => Promise<void>,
    onFailure: AuthActivity,
  ): void {
    if (result.ok) {
      this.#retry = null;
      this.#error = null;
      this.#activity = 'idle';
      this.#flowId = null;
      this.#apply(result.value);
      return;
    }
    const { error } = result;
    // A browser sign-in that can no longer finish (denied, expired) is retried from the start;
    // one not approved yet, or cut off by the network, keeps waiting.
    const stillOpen =
      error.code === 'offline' ||
      error.code === 'timeout' ||
      error.tmdbStatus === 17 ||
      error.tmdbStatus === 41;
    if (onFailure === 'waiting' && !stillOpen) {
      this.#flowId = null;
      this.#fail(error, () => this.beginApproval(), 'idle');
    } else {
      this.#fail(error, again, onFailure);
    }
  }

  #applyResult(result: IpcResult<AuthStatus>): void {
    if (result.ok) this.#apply(result.value);
  }

  #apply(status: AuthStatus): void {
    this.#status = status;
    if (status.state === 'user' && this.waiting) {
      this.#activity = 'idle';
      this.#flowId = null;
      this.#error = null;
      this.#retry = null;
      return;
    }
    // The “pending” announcement can arrive before the answer to beginApproval does.
    if (status.approvalPending && (this.#activity === 'starting' || this.#activity === 'waiting'))
      this.#sawPending = true;
    // The flow ended in the browser (denied, expired) without signing in: ask the core how.
    if (
      this.#activity === 'waiting' &&
      this.#sawPending &&
      !status.approvalPending &&
      status.state !== 'user'
    ) {
      void this.completeApproval();
    }
  }
}

export const auth = new AuthStore();
