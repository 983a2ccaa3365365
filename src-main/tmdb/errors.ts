import { CodedError, type ErrorCode } from '../../src-shared/ipc/errors';
import { redact, redactAndCut } from '../../src-shared/redact';
import { statusText } from './status-text';

/**
 * The TMDB client's failures. Each carries an IPC error code so the guard passes it on as data,
 * and each message goes through `redact` when it is made, so no secret can leak through one.
 */

/** How much of TMDB's own error text an error message quotes. */
export const TMDB_MESSAGE_CHARS = 300;

/** TMDB answered with an HTTP error. */
export class TmdbHttpError extends CodedError {
  readonly httpStatus: number;
  readonly endpoint: string;
  /** How long TMDB asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(init: {
    endpoint: string;
    httpStatus: number;
    tmdbStatus?: number | undefined;
    tmdbMessage?: string | undefined;
    retryAfterMs?: number | undefined;
  }) {
    const { endpoint, httpStatus, tmdbStatus, tmdbMessage } = init;
    const detail = [
      `HTTP ${httpStatus}`,
      tmdbStatus === undefined ? undefined : `TMDB status ${tmdbStatus}`,
      // Whole text in, redacted, then cut: cut first, a secret straddling the cut leaks its head.
      tmdbMessage === undefined || tmdbMessage === ''
        ? undefined
        : `“${redactAndCut(tmdbMessage, TMDB_MESSAGE_CHARS)}”`,
    ]
      .filter((part) => part !== undefined)
      .join(', ');
    super(
      httpErrorCode(httpStatus),
      redact(`${statusText(httpStatus, tmdbStatus)} (${endpoint}: ${detail})`),
      tmdbStatus,
    );
    this.name = 'TmdbHttpError';
    this.httpStatus = httpStatus;
    this.endpoint = endpoint;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export function httpErrorCode(httpStatus: number): ErrorCode {
  if (httpStatus === 401 || httpStatus === 403) return 'unauthorized';
  if (httpStatus === 404) return 'not_found';
  if (httpStatus === 429) return 'rate_limited';
  if (httpStatus === 400 || httpStatus === 422) return 'invalid_input';
  if (httpStatus >= 500) return 'upstream';
  // Any other status (3xx without a location, 409, 415...) is TMDB refusing in a way we did not plan for.
  return 'upstream';
}

/** TMDB could not be reached (DNS, refused or dropped connection). */
export class TmdbNetworkError extends CodedError {
  readonly endpoint: string;
  constructor(endpoint: string, cause: unknown) {
    super('offline', redact(`Could not reach TMDB (${endpoint}): ${describeCause(cause)}`));
    this.name = 'TmdbNetworkError';
    this.endpoint = endpoint;
  }
}

/** One attempt took longer than the timeout. */
export class TmdbTimeoutError extends CodedError {
  readonly endpoint: string;
  constructor(endpoint: string, timeoutMs: number) {
    super(
      'timeout',
      redact(`TMDB did not answer within ${Math.round(timeoutMs / 1000)} s (${endpoint}).`),
    );
    this.name = 'TmdbTimeoutError';
    this.endpoint = endpoint;
  }
}

/** TMDB answered successfully, but with a body our schema does not accept. Never retried. */
export class TmdbSchemaError extends CodedError {
  readonly endpoint: string;
  /** The path of the first bad field, e.g. `results.3.id`. */
  readonly field: string;
  constructor(endpoint: string, field: string, problem: string) {
    super('schema_mismatch', redact(`${endpoint}: ${field === '' ? '(body)' : field}: ${problem}`));
    this.name = 'TmdbSchemaError';
    this.endpoint = endpoint;
    this.field = field;
  }
}

/** The caller's arguments do not fit the endpoint; raised before anything is sent. */
export class TmdbInputError extends CodedError {
  readonly endpoint: string;
  constructor(endpoint: string, problem: string) {
    super('invalid_input', redact(`${endpoint}: ${problem}`));
    this.name = 'TmdbInputError';
    this.endpoint = endpoint;
  }
}

/** The endpoint needs a signed-in user (or a guest session) and there is none; nothing was sent. */
export class TmdbAuthRequiredError extends CodedError {
  readonly endpoint: string;
  constructor(endpoint: string, needs: 'session' | 'session_or_guest') {
    super(
      'unauthorized',
      needs === 'session'
        ? `Sign in to TMDB first: ${endpoint} needs a signed-in account.`
        : `Sign in to TMDB (or start a guest session) first: ${endpoint} needs one.`,
    );
    this.name = 'TmdbAuthRequiredError';
    this.endpoint = endpoint;
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    // undici wraps the useful part ("ECONNREFUSED ...") in `cause`.
    const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : '';
    return `${cause.message}${inner}`;
  }
  return String(cause);
}
