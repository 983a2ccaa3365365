import type { z } from 'zod';
import type { EndpointDef } from '../../src-shared/tmdb/define';
import { tmdbError } from '../../src-shared/tmdb/schemas/status';
import { abortReason } from './abort';
import type { BuiltRequest } from './build-request';
import { compiledEndpoint } from './compiled';
import { TmdbHttpError, TmdbNetworkError, TmdbSchemaError, TmdbTimeoutError } from './errors';
import { describeIssue } from './issues';
import { parseRetryAfter } from './retry-policy';

export interface AttemptContext {
  /** The endpoint key, for error messages. */
  key: string;
  def: EndpointDef;
  fetch: typeof fetch;
  timeoutMs: number;
  clock: () => number;
  signal?: AbortSignal | undefined;
  onNetwork?: ((online: boolean, reason?: string) => void) | undefined;
  /** The entry's compiled response schema, when the caller has it at hand (saves a lookup). */
  response?: z.ZodType | undefined;
}

/**
 * The cancellation of one attempt: one controller, aborted by the timeout or by the caller (as
 * the caller's signal's listener). Linking the caller's signal with a listener costs far less
 * than `AbortSignal.any`, and a timer costs far less than `AbortSignal.timeout` (measured).
 * Remembers which of the two ended the attempt.
 */
class AttemptAbort {
  readonly controller = new AbortController();
  byTimeout = false;
  byCaller = false;
  readonly #caller: AbortSignal | undefined;

  constructor(caller: AbortSignal | undefined) {
    this.#caller = caller;
  }

  /** The caller's abort. */
  handleEvent(): void {
    this.byCaller = true;
    this.controller.abort(this.#caller?.reason);
  }
}

function onTimeout(attempt: AttemptAbort): void {
  attempt.byTimeout = true;
  attempt.controller.abort();
}

/**
 * One attempt: sends the request with a timeout, reads the answer, and returns the body validated
 * with the entry's response schema, or throws a typed error. A caller's abort is rethrown as is.
 */
export async function sendOnce(request: BuiltRequest, ctx: AttemptContext): Promise<unknown> {
  const caller = ctx.signal;
  const attempt = new AttemptAbort(caller);
  // A plain function with an argument and a listener object: no closures made per attempt.
  const timer = setTimeout(onTimeout, ctx.timeoutMs, attempt);
  if (caller) {
    if (caller.aborted) attempt.handleEvent();
    else caller.addEventListener('abort', attempt, { once: true });
  }
  let response: Response;
  let text: string;
  try {
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
      signal: attempt.controller.signal,
    };
    if (request.body !== undefined) init.body = request.body;
    response = await ctx.fetch(request.url, init);
    // The body is read under the same timeout: a connection dropped mid-body is a network failure.
    text = await response.text();
  } catch (error) {
    if (attempt.byCaller) throw abortReason(caller);
    const failure = attempt.byTimeout
      ? new TmdbTimeoutError(ctx.key, ctx.timeoutMs)
      : new TmdbNetworkError(ctx.key, error);
    ctx.onNetwork?.(false, failure.message);
    throw failure;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', attempt);
  }
  ctx.onNetwork?.(true);

  const status = response.status;
  if (status >= 200 && status < 300) return validate(ctx, text);
  throw httpError(ctx, status, text, response.headers.get('retry-after'));
}

function validate(ctx: AttemptContext, text: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TmdbSchemaError(ctx.key, '', 'the answer is not JSON');
  }
  const parsed = (ctx.response ?? compiledEndpoint(ctx.def).response).safeParse(json);
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
    tmdbMessage: tmdbMessage?.slice(0, 300),
    retryAfterMs: parseRetryAfter(retryAfter, ctx.clock()),
  });
}
