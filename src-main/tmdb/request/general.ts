import { TmdbAuthRequiredError } from '../errors';
import type { RawArgs, TmdbCredentials } from '../types';
import { checkBody, checkPart, none, withDefaults } from './args';
import type { RequestPlan } from './plan';
import type { BuiltRequest, RequestDefaults } from './types';
import { asRecord, fillPath, sortedQueryString, stringifyRecord, trimBase } from './wire';

/**
 * Every request, the general way: fills what the credentials and TMDB's quirks call for, checks
 * each part (quick check, else zod), and writes records of wire strings, sorted and joined.
 * Throws every input and credential error, input errors first.
 */
export function generalRequest(
  plan: RequestPlan,
  args: RawArgs,
  credentials: TmdbCredentials,
  defaults: RequestDefaults & { apiBase: string },
  key: string,
): BuiltRequest {
  const def = plan.def;
  const filled = withFilledArgs(key, plan, args, credentials);
  const params = checkPart(key, 'params', plan.params, plan.fastParams, filled.params ?? none);
  const parsedQuery = checkPart(
    key,
    'query',
    plan.query,
    plan.fastQuery,
    withDefaults(plan.queryKeys, filled.query ?? none, defaults),
  );
  const parsedBody = checkBody(key, plan, filled.body);
  const paramStrings = stringifyRecord(key, 'params', params);
  const path = fillPath(key, plan, paramStrings);
  const query = stringifyRecord(key, 'query', parsedQuery);
  if (plan.listClear) query.confirm = 'true';
  const publicSearch = sortedQueryString(query);

  const headers: Record<string, string> = { Accept: 'application/json' };
  let secretQuery = false;
  if (credentials.accessToken) headers.Authorization = `Bearer ${credentials.accessToken}`;
  else if (credentials.apiKey) {
    query.api_key = credentials.apiKey;
    secretQuery = true;
  }
  // With neither, the request goes out bare and TMDB's 401 (status 7) explains what is missing.

  const session = sessionQuery(key, plan, credentials);
  if (session) {
    query[session[0]] = session[1];
    secretQuery = true;
  }

  const body = parsedBody === undefined ? undefined : JSON.stringify(parsedBody);
  if (body !== undefined) headers['Content-Type'] = 'application/json;charset=utf-8';
  const search = secretQuery ? sortedQueryString(query) : publicSearch;
  let publicPath = path;
  let secretsFromCredentials = true;
  const guest = plan.guestInPath ? paramStrings.guest_session_id : undefined;
  if (guest !== undefined) {
    publicPath = publicPath.replace(
      `/guest_session/${encodeURIComponent(guest)}`,
      '/guest_session/{guest_session_id}',
    );
    secretsFromCredentials = guest === credentials.guestSessionId;
  }
  return {
    method: def.method,
    url: `${trimBase(defaults.apiBase)}${path}${search === '' ? '' : `?${search}`}`,
    headers,
    body,
    target: `${def.method} ${publicPath}${publicSearch === '' ? '' : `?${publicSearch}`}`,
    secretsFromCredentials,
  };
}

/** The session parameter an entry's auth kind asks for, as `[name, value]`, or none. */
function sessionQuery(
  key: string,
  plan: RequestPlan,
  credentials: TmdbCredentials,
): [string, string] | undefined {
  // Sign-out carries the session in its body (see withFilledArgs), never in the URL.
  if (plan.sessionDelete) return undefined;
  const { sessionId, guestSessionId } = credentials;
  switch (plan.def.auth) {
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

/**
 * Fills the arguments that come from the credentials rather than the caller (a guest session in
 * the path, the session a sign-out ends), and confirms a list clear for tables whose query schema
 * requires `confirm`. Unchanged for every other entry.
 */
function withFilledArgs(
  key: string,
  plan: RequestPlan,
  args: RawArgs,
  credentials: TmdbCredentials,
): RawArgs {
  let out = args;
  if (plan.guestInPath) {
    const params = asRecord(args.params);
    if (params.guest_session_id === undefined) {
      if (!credentials.guestSessionId) throw new TmdbAuthRequiredError(key, 'session_or_guest');
      out = { ...out, params: { ...params, guest_session_id: credentials.guestSessionId } };
    }
  }
  if (plan.sessionDelete) {
    const body = asRecord(args.body);
    if (body.session_id === undefined) {
      if (!credentials.sessionId) throw new TmdbAuthRequiredError(key, 'session');
      out = { ...out, body: { ...body, session_id: credentials.sessionId } };
    }
  }
  if (plan.listClear && plan.queryKeys?.has('confirm')) {
    out = { ...out, query: { ...asRecord(out.query), confirm: true } };
  }
  return out;
}
