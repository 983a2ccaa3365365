import type { EndpointDef } from '../../src-shared/tmdb/define';
import { tmdbError } from '../../src-shared/tmdb/schemas/status';
import { abortReason } from './abort';
import type { BuiltRequest } from './build-request';
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
  const timeout = new AbortController();
  const timer = setTimeout(() => {
    timeout.abort();
  }, ctx.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout.signal]) : timeout.signal;
  let status: number;
  let text: string;
  let retryAfter: string | null;
  try {
    const init: RequestInit = { method: request.method, headers: request.headers, signal };
    if (request.body !== undefined) init.body = request.body;
    const response = await ctx.fetch(request.url, init);
    status = response.status;
    retryAfter = response.headers.get('retry-after');
    // The body is read under the same timeout: a connection dropped mid-body is a network failure.
    text = await response.text();
  } catch (error) {
    if (ctx.signal?.aborted) throw abortReason(ctx.signal);
    const failure = timeout.signal.aborted
      ? new TmdbTimeoutError(ctx.key, ctx.timeoutMs)
      : new TmdbNetworkError(ctx.key, error);
    ctx.onNetwork?.(false, failure.message);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
  ctx.onNetwork?.(true);

  if (status >= 200 && status < 300) return validate(ctx, text);
  throw httpError(ctx, status, text, retryAfter);
}

function validate(ctx: AttemptContext, text: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TmdbSchemaError(ctx.key, '', 'the answer is not JSON');
  }
  const parsed = ctx.def.response.safeParse(json);
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
