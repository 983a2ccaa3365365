import type { EndpointDef } from '../../src-shared/tmdb/define';
import type { Logger } from '../base/log';
import { abortableSleep, abortReason } from './abort';
import { TmdbHttpError } from './errors';
import type { RequestLimiter } from './limiter';
import type { BuiltRequest } from './request';
import { backoffDelay, shouldRetry } from './retry-policy';
import { sendOnce, type AttemptContext } from './send';

/** The endpoint a request goes to, as sending needs it. */
export interface SendTarget {
  readonly key: string;
  readonly def: EndpointDef;
  readonly attempt: AttemptContext;
}

export interface RetrySettings {
  readonly maxRetries: number;
  readonly backoffBaseMs: number;
  readonly backoffCapMs: number;
  readonly maxRetryAfterMs: number;
}

export interface RetryingSendDeps {
  readonly limiter: RequestLimiter;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
  readonly log: Logger;
  readonly settings: RetrySettings;
}

/**
 * Sends a built request under the limiter, and tries again as the retry policy says.
 * `onRetry` hears of each retry; `onSettled` is called once, as the request settles and before
 * its promise does, so whoever waits on that promise finds it already done.
 */
export type RetryingSend = (
  target: SendTarget,
  request: BuiltRequest,
  signal: AbortSignal | undefined,
  onRetry?: () => void,
  onSettled?: () => void,
) => Promise<unknown>;

export function retryingSend({
  limiter,
  sleep,
  random,
  log,
  settings,
}: RetryingSendDeps): RetryingSend {
  /**
   * The first try, when the limiter has room at once, is one await on the attempt, which also
   * settles the request: no loop, no closure, no second reaction. Anything else (a queue, a
   * retry, an aborted caller) takes `retrying`. Each attempt takes its own limiter slot.
   */
  async function send(
    target: SendTarget,
    request: BuiltRequest,
    signal: AbortSignal | undefined,
    onRetry?: () => void,
    onSettled?: () => void,
  ): Promise<unknown> {
    if (signal?.aborted || !limiter.tryStart()) {
      return settling(retrying(target, request, signal, onRetry, 0), onSettled);
    }
    let value: unknown;
    try {
      value = await sendOnce(request, target.attempt, signal);
    } catch (failure) {
      limiter.finish();
      return settling(retryAfter(target, request, signal, onRetry, failure), onSettled);
    }
    limiter.finish();
    onSettled?.();
    return value;
  }

  /** After the first try failed: waits as the policy says, then tries again. */
  async function retryAfter(
    target: SendTarget,
    request: BuiltRequest,
    signal: AbortSignal | undefined,
    onRetry: (() => void) | undefined,
    failure: unknown,
  ): Promise<unknown> {
    await abortableSleep(sleep, nextWait(target, signal, failure, 0, onRetry), signal);
    return retrying(target, request, signal, onRetry, 1);
  }

  /** Tries from `first` on. */
  async function retrying(
    target: SendTarget,
    request: BuiltRequest,
    signal: AbortSignal | undefined,
    onRetry: (() => void) | undefined,
    first: number,
  ): Promise<unknown> {
    for (let retry = first; ; retry++) {
      signal?.throwIfAborted();
      const release = limiter.tryAcquire() ?? (await limiter.acquire(signal));
      let failure: unknown;
      try {
        return await sendOnce(request, target.attempt, signal);
      } catch (error) {
        failure = error;
      } finally {
        release();
      }
      await abortableSleep(sleep, nextWait(target, signal, failure, retry, onRetry), signal);
    }
  }

  /** How long to wait after try `retry` failed; throws what the caller hears when it gives up. */
  function nextWait(
    target: SendTarget,
    signal: AbortSignal | undefined,
    failure: unknown,
    retry: number,
    onRetry: (() => void) | undefined,
  ): number {
    if (signal?.aborted) throw abortReason(signal);
    const waitMs = retryDelay(target.def, failure, retry);
    if (waitMs === undefined) {
      logFailure(target.key, failure, retry);
      throw failure;
    }
    log.warn('tmdb.retry', {
      endpoint: target.key,
      retry: retry + 1,
      waitMs,
      ...describeFailure(failure),
    });
    onRetry?.();
    return waitMs;
  }

  /** How long to wait before the next try, or `undefined` to give up. */
  function retryDelay(def: EndpointDef, failure: unknown, retry: number): number | undefined {
    if (retry >= settings.maxRetries || !shouldRetry(def, failure)) return undefined;
    const asked = failure instanceof TmdbHttpError ? failure.retryAfterMs : undefined;
    if (asked === undefined)
      return backoffDelay(retry, random, settings.backoffBaseMs, settings.backoffCapMs);
    // A Retry-After of minutes is TMDB saying "not now": the caller hears so instead of hanging.
    return asked > settings.maxRetryAfterMs ? undefined : asked;
  }

  function logFailure(key: string, failure: unknown, retry: number): void {
    if (failure instanceof TmdbHttpError && failure.httpStatus === 404) return; // an answer, not a fault
    log.warn('tmdb.failed', { endpoint: key, tries: retry + 1, ...describeFailure(failure) });
  }

  return send;
}

/** `run`, with `onSettled` called as it settles, before anyone waiting on it hears. */
function settling(run: Promise<unknown>, onSettled: (() => void) | undefined): Promise<unknown> {
  if (!onSettled) return run;
  return run.then(
    (value) => {
      onSettled();
      return value;
    },
    (error: unknown) => {
      onSettled();
      throw error;
    },
  );
}

/** A failure as a log line's fields: its code and its (already redacted) message. */
export function describeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof TmdbHttpError) {
    return {
      code: error.code,
      httpStatus: error.httpStatus,
      tmdbStatus: error.tmdbStatus,
      message: error.message,
    };
  }
  if (error instanceof Error && 'code' in error)
    return { code: error.code, message: error.message };
  return { error };
}
