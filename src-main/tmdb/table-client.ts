import { z } from 'zod';
import type { EndpointDef } from '../../src-shared/tmdb/define';
import { silentLogger } from '../core/log';
import { abortableSleep, abortReason } from './abort';
import { buildRequest, buildRequestInFull, type BuiltRequest } from './build-request';
import { compiledEndpoint, type CompiledEndpoint } from './compiled';
import { coalescingKey, InFlight } from './coalesce';
import { TmdbHttpError, TmdbInputError, TmdbSchemaError } from './errors';
import { RequestLimiter } from './limiter';
import type { RawArgs } from './parse-args';
import { deletedStatus, isListDelete, isListDeleteAmbiguous } from './quirks';
import { backoffDelay, shouldRetry } from './retry-policy';
import { CredentialIdentity } from './identity';
import { quickRequest } from './quick-request';
import { sendOnce, type AttemptContext } from './send';
import type { RequestOptions, TmdbClientOptions, TmdbCredentials } from './types';

export type EndpointTable = Readonly<Record<string, EndpointDef>>;

/** The arguments of one entry, typed from its schemas. */
export interface TableArgs<D extends EndpointDef> {
  params?: z.input<D['params']>;
  query?: z.input<D['query']>;
  body?: D['body'] extends z.ZodType ? z.input<D['body']> : undefined;
}

export interface TableClient<T extends EndpointTable> {
  request<K extends keyof T & string>(
    key: K,
    args?: TableArgs<T[K]>,
    options?: RequestOptions,
  ): Promise<z.output<T[K]['response']>>;
}

export const DEFAULTS = {
  timeoutMs: 10_000,
  maxRetries: 4,
  maxConcurrency: 8,
  ratePerSecond: 35,
  backoffBaseMs: 250,
  backoffCapMs: 8_000,
  maxRetryAfterMs: 60_000,
} as const;

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The TMDB client over any endpoint table: build, limit, send, validate, retry, coalesce.
 * `createTmdbClient` binds it to the real table; tests bind it to small tables of their own.
 */
export function createTableClient<T extends EndpointTable>(
  table: T,
  options: TmdbClientOptions,
): TableClient<T> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const log = options.log ?? silentLogger;
  const settings = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
    backoffBaseMs: options.backoffBaseMs ?? DEFAULTS.backoffBaseMs,
    backoffCapMs: options.backoffCapMs ?? DEFAULTS.backoffCapMs,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
  };
  const limiter = new RequestLimiter({
    maxConcurrency: options.maxConcurrency ?? DEFAULTS.maxConcurrency,
    ratePerSecond: options.ratePerSecond ?? DEFAULTS.ratePerSecond,
    clock,
    sleep,
  });
  const inFlight = new InFlight<unknown>();
  const identity = new CredentialIdentity();
  const fixedDefaults = { apiBase: options.apiBase };
  /** The table's entries by key, compiled on first use: one lookup per request. */
  const entries = new Map<string, CompiledEndpoint>();

  function entry(key: string): CompiledEndpoint | undefined {
    let compiled = entries.get(key);
    if (compiled === undefined && Object.hasOwn(table, key)) {
      const def = table[key];
      if (def) entries.set(key, (compiled = compiledEndpoint(def)));
    }
    return compiled;
  }

  /** Sends with the limiter and the retry policy; each attempt takes its own limiter slot. */
  async function withRetries(
    key: string,
    def: EndpointDef,
    request: BuiltRequest,
    signal?: AbortSignal,
    onRetry?: () => void,
    compiled?: CompiledEndpoint,
  ): Promise<unknown> {
    const attempt: AttemptContext = {
      key,
      def,
      fetch: fetchFn,
      timeoutMs: settings.timeoutMs,
      clock,
      signal,
      onNetwork: options.onNetwork,
      response: compiled?.response,
    };
    for (let retry = 0; ; retry++) {
      signal?.throwIfAborted();
      const release = limiter.tryAcquire() ?? (await limiter.acquire(signal));
      let failure: unknown;
      try {
        return await sendOnce(request, attempt);
      } catch (error) {
        failure = error;
      } finally {
        release();
      }
      if (signal?.aborted) throw abortReason(signal);
      const waitMs = retryDelay(def, failure, retry);
      if (waitMs === undefined) {
        logFailure(key, failure, retry);
        throw failure;
      }
      log.warn('tmdb.retry', { endpoint: key, retry: retry + 1, waitMs, ...describe(failure) });
      onRetry?.();
      await abortableSleep(sleep, waitMs, signal);
    }
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
    log.warn('tmdb.failed', { endpoint: key, tries: retry + 1, ...describe(failure) });
  }

  /** After DELETE /3/list/{id} answered 500/11: the list is gone if a GET says 404. */
  async function confirmListDeleted(
    key: string,
    def: EndpointDef,
    args: RawArgs,
    credentials: TmdbCredentials,
    original: TmdbHttpError,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const probe: EndpointDef = {
      ...def,
      method: 'GET',
      query: z.object({}),
      body: undefined,
      response: z.unknown(),
      auth: 'session_optional',
      idempotent: true,
    };
    const request = buildRequest(
      probe,
      { params: args.params },
      credentials,
      { apiBase: options.apiBase },
      key,
    );
    try {
      await withRetries(key, probe, request, signal);
    } catch (error) {
      if (error instanceof TmdbHttpError && error.httpStatus === 404) return listDeleted(key, def);
      if (signal?.aborted) throw error;
    }
    // The list is still there (or we could not tell): the delete failed as TMDB said.
    throw original;
  }

  function listDeleted(key: string, def: EndpointDef): unknown {
    log.info('tmdb.list_delete_confirmed', { endpoint: key });
    const parsed = def.response.safeParse(deletedStatus);
    if (parsed.success) return parsed.data;
    throw new TmdbSchemaError(
      key,
      '',
      'the table’s response schema rejects TMDB’s “deleted” status',
    );
  }

  /**
   * Not `async`: a GET hands back the shared run's own promise, sparing every call the extra
   * promise and ticks an async wrapper adds. Whatever throws before sending still rejects.
   */
  function request(
    key: string,
    args: RawArgs = {},
    requestOptions: RequestOptions = {},
  ): Promise<unknown> {
    try {
      const compiled = entry(key);
      if (!compiled) throw new TmdbInputError(key, 'not an endpoint Marquee knows');
      const def = compiled.def;
      const credentials = options.credentials();
      const who = identity.of(credentials);
      const defaults = options.defaults
        ? { ...options.defaults(), apiBase: options.apiBase }
        : fixedDefaults;
      const built =
        quickRequest(compiled, args, credentials, defaults) ??
        buildRequestInFull(def, args, credentials, defaults, key);
      const { signal } = requestOptions;
      if (def.method !== 'GET') return write(key, compiled, built, args, credentials, signal);
      const shareKey = coalescingKey(built, who);
      if (shareKey === undefined) return withRetries(key, def, built, signal, undefined, compiled);
      return inFlight.run(shareKey, signal, (shared) =>
        withRetries(key, def, built, shared, undefined, compiled),
      );
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** A POST or DELETE: never shared, and a list delete's answers need a second look. */
  async function write(
    key: string,
    compiled: CompiledEndpoint,
    built: BuiltRequest,
    args: RawArgs,
    credentials: TmdbCredentials,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const def = compiled.def;
    const progress = { retried: false };
    try {
      return await withRetries(
        key,
        def,
        built,
        signal,
        () => {
          progress.retried = true;
        },
        compiled,
      );
    } catch (error) {
      if (error instanceof TmdbHttpError && isListDeleteAmbiguous(def, error)) {
        return confirmListDeleted(key, def, args, credentials, error, signal);
      }
      // An earlier try may have deleted the list before its answer was lost: the retry then finds none.
      if (
        error instanceof TmdbHttpError &&
        error.httpStatus === 404 &&
        progress.retried &&
        isListDelete(def)
      ) {
        return listDeleted(key, def);
      }
      throw error;
    }
  }

  return { request: request as TableClient<T>['request'] };
}

function describe(error: unknown): Record<string, unknown> {
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
