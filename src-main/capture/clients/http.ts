import { CodedError } from '../../../src-shared/ipc/errors';
import { redact } from '../../../src-shared/redact';
import { plainText } from '../../../src-shared/text/bound';

/** A media server reached over HTTP: its name for messages, its address and the fetch to use. */
export interface HttpServer {
  /** `Jellyfin`, `Plex`: the start of every sentence about it. */
  label: string;
  baseUrl: string;
  fetch: typeof fetch;
  /** How long one request may take before the server counts as not answering. */
  timeoutMs: number;
}

export interface HttpRequest {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Extra headers are not enough to say what failed: `reading the played films` etc. */
  doing: string;
}

/** Longest title or name kept from a server's answer. */
export const MAX_TITLE = 300;

/** A title or name from a server, on one line and bounded; null when absent or empty. */
export function boundedTitle(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = plainText(value, MAX_TITLE);
  return text === '' ? null : text;
}

/** The address without path, query or credentials: all a message ever shows of it. */
export function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return 'the address given';
  }
}

/** Joins a base address and a path (`/Items?…`) without doubling or dropping the slash. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * One request that answers JSON. Every failure becomes a CodedError with one plain sentence that
 * names the server and its origin, never the token or the request's headers; an abort by the
 * caller's signal is passed on as it is.
 */
export async function requestJson(
  server: HttpServer,
  path: string,
  req: HttpRequest,
): Promise<unknown> {
  const where = originOf(server.baseUrl);
  const timeout = AbortSignal.timeout(server.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await server.fetch(joinUrl(server.baseUrl, path), {
      method: req.method ?? 'GET',
      headers: req.headers,
      body: req.body,
      signal,
    });
  } catch (error) {
    if (req.signal?.aborted) throw error;
    if (timeout.aborted) {
      throw failure(
        'timeout',
        `${server.label} at ${where} did not answer in time while ${req.doing}.`,
      );
    }
    throw failure(
      'offline',
      `${server.label} at ${where} could not be reached while ${req.doing}. Check that it is running and that the address is right.`,
    );
  }
  const text = await readText(response, server, where, req);
  if (response.status === 401 || response.status === 403) {
    throw failure(
      'unauthorized',
      `${server.label} at ${where} refused Marquee's sign-in while ${req.doing}. Check the token, or the user name and password.`,
    );
  }
  if (response.status === 404) {
    throw failure(
      'not_found',
      `${server.label} at ${where} has no such page (${req.doing}). Check the address.`,
    );
  }
  if (!response.ok) {
    throw failure(
      'upstream',
      `${server.label} at ${where} answered with an error (HTTP ${response.status}) while ${req.doing}.`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw failure(
      'schema_mismatch',
      `${server.label} at ${where} answered something Marquee could not read while ${req.doing}.`,
    );
  }
}

async function readText(
  response: Response,
  server: HttpServer,
  where: string,
  req: HttpRequest,
): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (req.signal?.aborted) throw error;
    throw failure(
      'offline',
      `${server.label} at ${where} stopped answering while ${req.doing}. Check that it is still running.`,
    );
  }
}

/** A CodedError whose sentence went through the one redaction function, whatever it holds. */
export function failure(
  code: ConstructorParameters<typeof CodedError>[0],
  sentence: string,
): CodedError {
  return new CodedError(code, redact(sentence));
}
