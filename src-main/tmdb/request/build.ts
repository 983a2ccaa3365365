import type { EndpointDef, HttpMethod } from '../../src-shared/tmdb/define';
import { TmdbAuthRequiredError } from './errors';
import { compiledEndpoint } from './compiled';
import { quickRequest } from './quick-request';
import { parseArgs, sortedQueryString, type RawArgs, type RequestDefaults } from './parse-args';
import type { TmdbCredentials } from './types';

/** A request ready for `fetch`. Holds secrets: never log it; log `redact(url)` at most. */
export interface BuiltRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
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

/**
 * Builds one request from an endpoint entry, apart from sending it: validates the arguments,
 * fills the path, adds `language`/`region` defaults and credentials, and sorts the query.
 * `key` names the endpoint in error messages.
 */
export function buildRequest(
  def: EndpointDef,
  args: RawArgs,
  credentials: TmdbCredentials,
  defaults: RequestDefaults & { apiBase: string },
  key = `${def.method} ${def.path}`,
): BuiltRequest {
  return (
    quickRequest(compiledEndpoint(def), args, credentials, defaults) ??
    buildRequestInFull(def, args, credentials, defaults, key)
  );
}

/**
 * Every request can be built this way; `buildRequest` tries the short way first, which gives the
 * very same result for the requests it takes (tested). Exported for that test.
 */
export function buildRequestInFull(
  def: EndpointDef,
  args: RawArgs,
  credentials: TmdbCredentials,
  defaults: RequestDefaults & { apiBase: string },
  key = `${def.method} ${def.path}`,
): BuiltRequest {
  const compiled = compiledEndpoint(def);
  const filled = withQuirkArgs(def, withCredentialArgs(key, def, args, credentials));
  const parsed = parseArgs(key, def, filled, defaults);
  const query: Record<string, string> = parsed.query;
  if (compiled.listClear) query.confirm = 'true';
  const publicSearch = sortedQueryString(query);

  const headers: Record<string, string> = { Accept: 'application/json' };
  let secretQuery = false;
  if (credentials.accessToken) headers.Authorization = `Bearer ${credentials.accessToken}`;
  else if (credentials.apiKey) {
    query.api_key = credentials.apiKey;
    secretQuery = true;
  }
  // With neither, the request goes out bare and TMDB's 401 (status 7) explains what is missing.

  const session = sessionQuery(key, def, credentials);
  if (session) {
    query[session[0]] = session[1];
    secretQuery = true;
  }

  const body = parsed.body === undefined ? undefined : JSON.stringify(parsed.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json;charset=utf-8';
  const search = secretQuery ? sortedQueryString(query) : publicSearch;
  const base = defaults.apiBase.endsWith('/')
    ? defaults.apiBase.replace(/\/+$/, '')
    : defaults.apiBase;
  let publicPath = parsed.path;
  let secretsFromCredentials = true;
  const guest = compiled.guestInPath ? parsed.params.guest_session_id : undefined;
  if (guest !== undefined) {
    publicPath = publicPath.replace(
      `/guest_session/${encodeURIComponent(guest)}`,
      '/guest_session/{guest_session_id}',
    );
    secretsFromCredentials = guest === credentials.guestSessionId;
  }
  return {
    method: def.method,
    url: `${base}${parsed.path}${search === '' ? '' : `?${search}`}`,
    headers,
    body,
    target: `${def.method} ${publicPath}${publicSearch === '' ? '' : `?${publicSearch}`}`,
    secretsFromCredentials,
  };
}

/** The session parameter an entry's auth kind asks for, as `[name, value]`, or none. */
function sessionQuery(
  key: string,
  def: EndpointDef,
  credentials: TmdbCredentials,
): [string, string] | undefined {
  // Sign-out carries the session in its body (see withCredentialArgs), never in the URL.
  if (compiledEndpoint(def).sessionDelete) return undefined;
  const { sessionId, guestSessionId } = credentials;
  switch (def.auth) {
    case 'app':
      return undefined;
    case 'session':
      if (!sessionId) throw new TmdbAuthRequiredError(key, 'session');
      return ['session_id', sessionId];
    case 'session_optional':
      return sessionId ? ['session_id', sessionId] : undefined;
    case 'session_or_guest':
      if (sessionId) return ['session_id', sessionId];
      if (guestSessionId) return ['guest_session_id', guestSessionId];
      throw new TmdbAuthRequiredError(key, 'session_or_guest');
  }
}

/** Fills arguments that come from the credentials rather than the caller. */
function withCredentialArgs(
  key: string,
  def: EndpointDef,
  args: RawArgs,
  credentials: TmdbCredentials,
): RawArgs {
  const compiled = compiledEndpoint(def);
  let out = args;
  if (compiled.guestInPath) {
    const params = asRecord(args.params);
    if (params.guest_session_id === undefined) {
      if (!credentials.guestSessionId) throw new TmdbAuthRequiredError(key, 'session_or_guest');
      out = { ...out, params: { ...params, guest_session_id: credentials.guestSessionId } };
    }
  }
  if (compiled.sessionDelete) {
    const body = asRecord(args.body);
    if (body.session_id === undefined) {
      if (!credentials.sessionId) throw new TmdbAuthRequiredError(key, 'session');
      out = { ...out, body: { ...body, session_id: credentials.sessionId } };
    }
  }
  return out;
}

/** A list clear is confirmed before parsing too, for tables whose query schema requires `confirm`. */
function withQuirkArgs(def: EndpointDef, args: RawArgs): RawArgs {
  const compiled = compiledEndpoint(def);
  if (!compiled.listClear || !compiled.queryKeys?.has('confirm')) return args;
  return { ...args, query: { ...asRecord(args.query), confirm: true } };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
