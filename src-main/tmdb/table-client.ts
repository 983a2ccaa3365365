import { z } from 'zod';
import type { EndpointDef } from '../../src-shared/tmdb/define';
import { silentLogger } from '../base/log';
import { compiledEndpoint } from './compiled';
import { coalescingKey, InFlight } from './coalesce';
import { TmdbHttpError, TmdbInputError, TmdbSchemaError } from './errors';
import { RequestLimiter } from './limiter';
import { deletedStatus, isListDelete, isListDeleteAmbiguous } from './quirks';
import { buildRequest, requestPlan, type BuiltRequest, type RequestPlan } from './request';
import { CredentialIdentity } from './identity';
import { retryingSend } from './retrying-send';
import { fetchTransport, undiciTransport } from './transport';
import type { AttemptContext } from './send';
import type { RawArgs, RequestOptions, TmdbClientOptions, TmdbCredentials } from './types';

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

/** One entry of the bound table with what every request to it shares, made on first use. */
interface Entry {
  readonly key: string;
  readonly def: EndpointDef;
  readonly plan: RequestPlan;
  readonly attempt: AttemptContext;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const noArgs: RawArgs = Object.freeze({});
const noOptions: RequestOptions = Object.freeze({});

/**
 * The TMDB client over any endpoint table: build, limit, send, validate, retry, coalesce.
 * `createTmdbClient` binds it to the real table; tests bind it to small tables of their own.
 */
export function createTableClient<T extends EndpointTable>(
  table: T,
  options: TmdbClientOptions,
): TableClient<T> {
  const transport =
    options.transport ?? (options.fetch ? fetchTransport(options.fetch) : undiciTransport());
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
  const send = retryingSend({ limiter, sleep, random, log, settings });
  const inFlight = new InFlight<unknown>();
  const identity = new CredentialIdentity();
  const fixedDefaults = { apiBase: options.apiBase };
  /** The table's entries by key, made on first use: one lookup per request. */
  const entries = new Map<string, Entry>();

  /** The entry of `key` on its first use; `undefined` for a key the table does not have. */
  function entry(key: string): Entry | undefined {
    const def = Object.hasOwn(table, key) ? table[key] : undefined;
    if (!def) return undefined;
    const made = entryOf(key, def);
    entries.set(key, made);
    return made;
  }

  function entryOf(key: string, def: EndpointDef): Entry {
    const attempt: AttemptContext = {
      key,
      response: compiledEndpoint(def).response,
      transport,
      timeoutMs: settings.timeoutMs,
      clock,
      onNetwork: options.onNetwork,
    };
    return { key, def, plan: requestPlan(def), attempt };
  }

  /** After DELETE /3/list/{id} answered 500/11: the list is gone if a GET says 404. */
  async function confirmListDeleted(
    target: Entry,
    args: RawArgs,
    credentials: TmdbCredentials,
    original: TmdbHttpError,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const { key, def } = target;
    const probe: EndpointDef = {
      ...def,
      route: `GET ${def.path}`,
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
      await send(entryOf(key, probe), request, signal);
    } catch (error) {
      if (error instanceof TmdbHttpError && error.httpStatus === 404) return listDeleted(target);
      if (signal?.aborted) throw error;
    }
    // The list is still there (or we could not tell): the delete failed as TMDB said.
    throw original;
  }

  function listDeleted({ key, def }: Entry): unknown {
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
    args: RawArgs = noArgs,
    requestOptions: RequestOptions = noOptions,
  ): Promise<unknown> {
    try {
      const target = entries.get(key) ?? entry(key);
      if (!target) throw new TmdbInputError(key, 'not an endpoint Marquee knows');
      const credentials = options.credentials();
      const who = identity.of(credentials);
      const defaults = options.defaults
        ? { ...options.defaults(), apiBase: options.apiBase }
        : fixedDefaults;
      const built = buildRequest(target.plan, args, credentials, defaults, key);
      const { signal } = requestOptions;
      if (target.def.method !== 'GET') return write(target, built, args, credentials, signal);
      const shareKey = coalescingKey(built, who);
      if (shareKey === undefined) return send(target, built, signal);
      return inFlight.run(shareKey, signal, (shared, settled) =>
        send(target, built, shared, undefined, settled),
      );
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** A POST or DELETE: never shared, and a list delete's answers need a second look. */
  async function write(
    target: Entry,
    built: BuiltRequest,
    args: RawArgs,
    credentials: TmdbCredentials,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const def = target.def;
    const progress = { retried: false };
    try {
      return await send(target, built, signal, () => {
        progress.retried = true;
      });
    } catch (error) {
      if (error instanceof TmdbHttpError && isListDeleteAmbiguous(def, error)) {
        return confirmListDeleted(target, args, credentials, error, signal);
      }
      // An earlier try may have deleted the list before its answer was lost: the retry then finds none.
      if (
        error instanceof TmdbHttpError &&
        error.httpStatus === 404 &&
        progress.retried &&
        isListDelete(def)
      ) {
        return listDeleted(target);
      }
      throw error;
    }
  }

  return { request: request as TableClient<T>['request'] };
}
