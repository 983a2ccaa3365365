import type { z } from 'zod';
import { tmdbError } from '../../src-shared/tmdb/schemas/status';
import { abortReason } from './abort';
import { AttemptSignal } from './attempt-signal';
import { deadlinesOf } from './deadlines';
import { TmdbHttpError, TmdbNetworkError, TmdbSchemaError, TmdbTimeoutError } from './errors';
import { describeIssue } from './issues';
import type { BuiltRequest } from './request';
import { parseRetryAfter } from './retry-policy';
import type { Answer, Transport } from './transport';

/** What every attempt at one endpoint shares: made once per entry, not per attempt. */
export interface AttemptContext {
  /** The endpoint key, for error messages. */
  readonly key: string;
  /** The success body's schema (compiled: see compiled.ts). */
  readonly response: z.ZodType;
  /** How the request goes on the wire: undici by default, a `fetch` in tests (transport.ts). */
  readonly transport: Transport;
  readonly timeoutMs: number;
  readonly clock: () => number;
  readonly onNetwork?: ((online: boolean, reason?: string) => void) | undefined;
}

/**
 * One attempt: sends the request with a timeout, reads the answer, and returns the body validated
 * with the entry's response schema, or throws a typed error. A caller's abort is rethrown as is.
 */
export async function sendOnce(
  request: BuiltRequest,
  ctx: AttemptContext,
  caller?: AbortSignal,
): Promise<unknown> {
  const signal = new AttemptSignal(caller);
  deadlinesOf(ctx.timeoutMs).add(signal);
  let answer: Answer;
  try {
    // The body is read under the same timeout: a connection dropped mid-body is a network failure.
    answer = await ctx.transport(request, signal);
  } catch (error) {
    if (signal.byCaller) throw abortReason(caller);
    const failure = signal.byTimeout
      ? new TmdbTimeoutError(ctx.key, ctx.timeoutMs)
      : new TmdbNetworkError(ctx.key, error);
    ctx.onNetwork?.(false, failure.message);
    throw failure;
  } finally {
    signal.settle();
  }
  ctx.onNetwork?.(true);

  const status = answer.status;
  if (status >= 200 && status < 300) return validate(ctx, answer.text);
  throw httpError(ctx, status, answer.text, answer.retryAfter);
}

function validate(ctx: AttemptContext, text: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TmdbSchemaError(ctx.key, '', 'the answer is not JSON');
  }
  const parsed = ctx.response.safeParse(json);
  if (parsed.success) return parsed.data;
  const { field, problem } = describeIssue(parsed.error);
  throw new TmdbSchemaError(ctx.key, field, problem);
}

function httpError(
  ctx: AttemptContext,
  status: number,
  text: string,
  retryAfter: string | null,
): TmdbHttpError {
  let tmdbStatus: number | undefined;
  let tmdbMessage: string | undefined;
  try {
    const parsed = tmdbError.safeParse(JSON.parse(text));
    if (parsed.success) {
      const body = parsed.data;
      if (typeof body.status_code === 'number') tmdbStatus = body.status_code;
      if (typeof body.status_message === 'string') tmdbMessage = body.status_message;
      else if (Array.isArray(body.errors)) tmdbMessage = body.errors.map(String).join('; ');
    }
  } catch {
    // Not JSON (a proxy's HTML page, an empty 502): the HTTP status alone says enough.
  }
  return new TmdbHttpError({
    endpoint: ctx.key,
    httpStatus: status,
    tmdbStatus,
    // Passed whole: TmdbHttpError redacts it before cutting it (cut first, a secret's head leaks).
    tmdbMessage,
    retryAfterMs: parseRetryAfter(retryAfter, ctx.clock()),
  });
}
