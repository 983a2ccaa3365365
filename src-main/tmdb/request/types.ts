import type { HttpMethod } from '../../../src-shared/tmdb/define';

/** A request ready for `fetch`. Holds secrets: never log it; log `redact(url)` at most. */
export interface BuiltRequest {
  method: HttpMethod;
  url: string;
  /** Read only: requests of one token may share theirs. */
  headers: Readonly<Record<string, string>>;
  body: string | undefined;
  /**
   * The request with its credentials left out, e.g. `GET /3/list/1?page=2`; a guest session in
   * the path reads `{guest_session_id}`. Holds no secret, so it may name the request in memory.
   */
  target: string;
  /**
   * Every secret the request carries comes from the credentials it was built with, so `target`
   * plus who those credentials belong to tells requests apart. False when the caller passed a
   * guest session of its own in the path.
   */
  secretsFromCredentials: boolean;
}

/** The `language` and `region` an entry gets when its query takes them and the caller left them out. */
export interface RequestDefaults {
  language?: string | undefined;
  region?: string | undefined;
}

/** The validated parts of a request, ready to be put on the wire (credentials not yet added). */
export interface ParsedArgs {
  /** The path with every placeholder filled and URL-encoded. */
  path: string;
  /** Query values as strings, credentials excluded. */
  query: Record<string, string>;
  /** Parsed JSON body, when the endpoint takes one. */
  body: unknown;
  /** The parsed path parameters, by name (before encoding). */
  params: Record<string, string>;
}
