import type { Logger } from '../base/log';
import type { Transport } from './transport';
import type {
  EndpointBody,
  EndpointKey,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '../../src-shared/tmdb/endpoints';

/** The credentials the client presents. A provider function, so sign-in and sign-out take effect at once. */
export interface TmdbCredentials {
  /** The application's read access token (v4 bearer). */
  accessToken?: string | undefined;
  /** The application's v3 api_key, the alternative to the bearer token. */
  apiKey?: string | undefined;
  /** A signed-in user's session. */
  sessionId?: string | undefined;
  /** A guest session, which can only rate. */
  guestSessionId?: string | undefined;
}

/** What a caller passes for one request, before validation: the untyped form of `RequestArgs`. */
export interface RawArgs {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

export interface RequestArgs<K extends EndpointKey> {
  params?: EndpointParams<K>;
  query?: EndpointQuery<K>;
  body?: EndpointBody<K>;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** The typed TMDB client: one call per entry of the endpoint table. */
export interface TmdbClient {
  request<K extends EndpointKey>(
    key: K,
    args?: RequestArgs<K>,
    options?: RequestOptions,
  ): Promise<EndpointResponse<K>>;
}

export interface TmdbClientOptions {
  /** e.g. `https://api.themoviedb.org` (no trailing `/3`). */
  apiBase: string;
  credentials: () => TmdbCredentials;
  /** Sends through this `fetch` instead of the client's own transport (tests use fakes). */
  fetch?: typeof fetch;
  /** Sends through this transport (transport.ts); wins over `fetch`. */
  transport?: Transport;
  /** Default `language` and `region` query values, for endpoints that take them. */
  defaults?: () => { language?: string; region?: string };
  /** Called after every attempt that reached, or failed to reach, the network. */
  onNetwork?: (online: boolean, reason?: string) => void;
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  timeoutMs?: number;
  maxRetries?: number;
  maxConcurrency?: number;
  /** Requests per second, kept below TMDB's ~40. */
  ratePerSecond?: number;
  /** Retries, failures and confirmations are logged here (redacted). */
  log?: Logger;
  /** First backoff step and its ceiling, for retries without Retry-After. */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** A Retry-After longer than this is not waited for: the 429 is surfaced instead. */
  maxRetryAfterMs?: number;
}
