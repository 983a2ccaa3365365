import type { EndpointDef, HttpMethod } from '../../src-shared/tmdb/define';
import { TmdbAuthRequiredError } from './errors';
import { parseArgs, sortedQueryString, type RawArgs, type RequestDefaults } from './parse-args';
import { isListClear, isSessionDelete } from './quirks';
import { schemaKeys } from './schema-keys';
import type { TmdbCredentials } from './types';

/** A request ready for `fetch`. Holds secrets: never log it; log `redact(url)` at most. */
export interface BuiltRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
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
  const filled = withQuirkArgs(def, withCredentialArgs(key, def, args, credentials));
  const parsed = parseArgs(key, def, filled, defaults);
  const query: Record<string, string> = { ...parsed.query };
  if (isListClear(def)) query.confirm = 'true';

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (credentials.accessToken) headers.Authorization = `Bearer ${credentials.accessToken}`;
  else if (credentials.apiKey) query.api_key = credentials.apiKey;
  // With neither, the request goes out bare and TMDB's 401 (status 7) explains what is missing.

  Object.assign(query, sessionQuery(key, def, credentials));

  const body = parsed.body === undefined ? undefined : JSON.stringify(parsed.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json;charset=utf-8';
  const search = sortedQueryString(query);
  const base = defaults.apiBase.replace(/\/+$/, '');
  return {
    method: def.method,
    url: `${base}${parsed.path}${search === '' ? '' : `?${search}`}`,
    headers,
    body,
  };
}

/** The session parameters an entry's auth kind asks for. */
function sessionQuery(
  key: string,
  def: EndpointDef,
  credentials: TmdbCredentials,
): Record<string, string> {
  // Sign-out carries the session in its body (see withCredentialArgs), never in the URL.
  if (isSessionDelete(def)) return {};
  const { sessionId, guestSessionId } = credentials;
  switch (def.auth) {
    case 'app':
      return {};
    case 'session':
      if (!sessionId) throw new TmdbAuthRequiredError(key, 'session');
      return { session_id: sessionId };
    case 'session_optional':
      return sessionId ? { session_id: sessionId } : {};
    case 'session_or_guest':
      if (sessionId) return { session_id: sessionId };
      if (guestSessionId) return { guest_session_id: guestSessionId };
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
  let out = args;
  if (def.path.includes('{guest_session_id}')) {
    const params = asRecord(args.params);
    if (params.guest_session_id === undefined) {
      if (!credentials.guestSessionId) throw new TmdbAuthRequiredError(key, 'session_or_guest');
      out = { ...out, params: { ...params, guest_session_id: credentials.guestSessionId } };
    }
  }
  if (isSessionDelete(def)) {
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
  if (!isListClear(def) || !schemaKeys(def.query)?.has('confirm')) return args;
  return { ...args, query: { ...asRecord(args.query), confirm: true } };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
