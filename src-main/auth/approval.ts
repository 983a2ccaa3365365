import { randomBytes } from 'node:crypto';
import { CodedError } from '../../src-shared/ipc/errors';
import { registerSecret } from '../../src-shared/redact';
import type { Account } from '../../src-shared/tmdb/schemas/account';
import type { Logger } from '../base/log';
import type { TmdbClient } from '../tmdb/types';
import { startLoopback, type Loopback } from './loopback';
import { DENIED_MESSAGE, EXPIRED_MESSAGE, isNetworkFailure, signInError } from './messages';
import { parseTmdbTime } from './tmdb-time';

/** TMDB's request tokens last 60 minutes; used when its `expires_at` cannot be read. */
const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface ApprovalDeps {
  tmdb: TmdbClient;
  clock: () => number;
  log: Logger;
  approvalOrigin: string;
  openExternal: (url: string) => Promise<void>;
  /** Turns the approved request token into a saved session. */
  finish: (requestToken: string) => Promise<Account>;
  /** The flow ended signed in (called once the flow no longer counts as pending). */
  signedIn: (account: Account) => void;
  /** The flow started, ended or failed: the status changed. */
  changed: () => void;
}

type Phase = 'waiting' | 'finishing' | 'done' | 'failed';

interface Flow {
  readonly id: string;
  readonly token: string;
  readonly expiresAt: number;
  readonly loopback: Loopback;
  readonly timer: NodeJS.Timeout;
  phase: Phase;
  error?: unknown;
  finishing?: Promise<void>;
}

const noFlow = (): CodedError =>
  new CodedError('not_found', 'This sign-in is no longer in progress. Start the sign-in again.');

/**
 * The browser sign-in: a request token, TMDB's approval page opened in the system browser, and the
 * answer arriving either on the loopback redirect or through “I have approved”. One flow at a
 * time; the renderer holds an opaque flow id, never the request token. A finished flow is kept
 * until the next one so a late “I have approved” still learns how it ended.
 */
export class ApprovalFlows {
  readonly #deps: ApprovalDeps;
  #flow: Flow | undefined;

  constructor(deps: ApprovalDeps) {
    this.#deps = deps;
  }

  get pending(): boolean {
    return this.#flow?.phase === 'waiting' || this.#flow?.phase === 'finishing';
  }

  async begin(): Promise<{ flowId: string; expiresAt: number }> {
    const { tmdb, clock, log } = this.#deps;
    await this.#drop();
    let answer: Awaited<ReturnType<typeof requestToken>>;
    try {
      answer = await requestToken(tmdb);
    } catch (error) {
      throw signInError(error);
    }
    const token = answer.request_token;
    registerSecret(token);
    const expiresAt = parseTmdbTime(answer.expires_at, clock() + TOKEN_LIFETIME_MS);
    const id = randomBytes(16).toString('hex');
    const loopback = await startLoopback({
      requestToken: token,
      onOutcome: (outcome) => {
        if (this.#flow?.id !== id) return;
        if (outcome === 'denied')
          this.#fail(this.#flow, new CodedError('unauthorized', DENIED_MESSAGE));
        else void this.#finish(this.#flow).catch(() => undefined);
      },
    });
    const timer = setTimeout(
      () => {
        if (this.#flow?.id === id && this.#flow.phase === 'waiting')
          this.#fail(this.#flow, expired());
      },
      Math.max(0, expiresAt - clock()),
    );
    timer.unref();
    const flow: Flow = { id, token, expiresAt, loopback, timer, phase: 'waiting' };
    this.#flow = flow;
    const url = `${this.#deps.approvalOrigin}/authenticate/${token}?redirect_to=${encodeURIComponent(loopback.url)}`;
    try {
      await this.#deps.openExternal(url);
    } catch (error) {
      await this.#drop();
      log.warn('auth.open_browser_failed', { error });
      throw new CodedError(
        'internal',
        'Marquee could not open your browser for the TMDB sign-in. Try again, or sign in with your username and password.',
      );
    }
    log.info('auth.approval_started', { expiresAt });
    this.#deps.changed();
    return { flowId: id, expiresAt };
  }

  /** “I have approved”: finishes the flow, or reports how it already ended. */
  async complete(flowId: string): Promise<void> {
    const flow = this.#flow;
    if (flow?.id !== flowId) throw noFlow();
    if (flow.phase === 'done') return;
    if (flow.phase === 'failed') throw flow.error;
    if (flow.phase === 'waiting' && this.#deps.clock() >= flow.expiresAt) {
      this.#fail(flow, expired());
      throw flow.error;
    }
    await this.#finish(flow);
  }

  async cancel(flowId: string): Promise<void> {
    if (this.#flow?.id !== flowId) return;
    await this.#drop();
    this.#deps.log.info('auth.approval_cancelled');
    this.#deps.changed();
  }

  async close(): Promise<void> {
    await this.#drop();
  }

  #finish(flow: Flow): Promise<void> {
    if (flow.finishing) return flow.finishing;
    flow.phase = 'finishing';
    const run = this.#deps
      .finish(flow.token)
      .then((account) => {
        flow.phase = 'done';
        this.#release(flow);
        this.#deps.signedIn(account);
      })
      .catch((error: unknown) => {
        const mapped = signInError(error);
        const status = mapped instanceof CodedError ? mapped.tmdbStatus : undefined;
        // Not approved yet (17, 41) or not reachable: the user may still approve, or try again.
        if (isNetworkFailure(error) || status === 17 || status === 41) flow.phase = 'waiting';
        else this.#fail(flow, mapped);
        throw mapped;
      })
      .finally(() => {
        flow.finishing = undefined;
        // A success is announced by the sign-in itself; the rest is announced here.
        if (flow.phase !== 'done') this.#deps.changed();
      });
    flow.finishing = run;
    return run;
  }

  #fail(flow: Flow, error: unknown): void {
    const announce = flow.phase === 'waiting';
    flow.phase = 'failed';
    flow.error = error;
    this.#release(flow);
    this.#deps.log.info('auth.approval_failed', {
      message: error instanceof Error ? error.message : String(error),
    });
    if (announce) this.#deps.changed();
  }

  #release(flow: Flow): void {
    clearTimeout(flow.timer);
    void flow.loopback.close();
  }

  async #drop(): Promise<void> {
    const flow = this.#flow;
    this.#flow = undefined;
    if (!flow) return;
    clearTimeout(flow.timer);
    await flow.loopback.close();
  }
}

function requestToken(tmdb: TmdbClient) {
  return tmdb.request('GET /3/authentication/token/new');
}

function expired(): CodedError {
  return new CodedError('unauthorized', EXPIRED_MESSAGE, 33);
}
