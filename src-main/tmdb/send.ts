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
}

/**
 * One attempt: sends the request with a timeout, reads the answer, and returns the body validated
 * with the entry's response schema, or throws a typed error. A caller's abort is rethrown as is.
 */
export async function sendOnce(request: BuiltRequest, ctx: AttemptContext): Promise<unknown> {
  // One controller per attempt, aborted by the timeout or by the caller. Linking the caller's
  // signal with a listener costs far less than `AbortSignal.any` on every attempt.
  const attempt = new AbortController();
  // Set from the timer and the caller's listener: what ended the attempt, when one of them did.
  const ended = { byTimeout: false, byCaller: false };
  const timer = setTimeout(() => {
    ended.byTimeout = true;
    attempt.abort();
  }, ctx.timeoutMs);
  const caller = ctx.signal;
  const onCallerAbort = (): void => {
    ended.byCaller = true;
    attempt.abort(caller?.reason);
  };
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener('abort', onCallerAbort, { once: true });
  let response: Response;
  let text: string;
  try {
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
      signal: attempt.signal,
    };
    if (request.body !== undefined) init.body = request.body;
    response = await ctx.fetch(request.url, init);
    // The body is read under the same timeout: a connection dropped mid-body is a network failure.
    text = await response.text();
  } catch (error) {
    if (ended.byCaller) throw abortReason(caller);
    const failure = ended.byTimeout
      ? new TmdbTimeoutError(ctx.key, ctx.timeoutMs)
      : new TmdbNetworkError(ctx.key, error);
    ctx.onNetwork?.(false, failure.message);
    throw failure;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onCallerAbort);
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
  const parsed = compiledEndpoint(ctx.def).response.safeParse(json);
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
