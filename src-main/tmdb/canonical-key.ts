import { createHash } from 'node:crypto';
import type { EndpointDef } from '../../src-shared/tmdb/define';
import { parseArgs, sortedQueryString, type RequestDefaults } from './request';
import type { RawArgs } from './types';

/** Who a cached answer belongs to; never a credential. */
export interface CacheIdentity {
  /** The signed-in account, for entries whose answer depends on the user. */
  accountId?: string | number | undefined;
  defaults?: RequestDefaults;
}

/**
 * The cache's name for a request: method, path, sorted query (with the effective `language` and
 * `region`), and for user-dependent entries the account. Built from the validated arguments only,
 * so credentials (bearer token, api_key, session_id) cannot be in it; a guest session id that sits
 * in the path is replaced by a one-way digest.
 */
export function canonicalRequestKey(
  def: EndpointDef,
  args: RawArgs,
  identity: CacheIdentity = {},
): string {
  const parsed = parseArgs(def.route, def, args, identity.defaults ?? {});
  let path = parsed.path;
  const guest = parsed.params.guest_session_id;
  if (guest !== undefined) path = path.replace(encodeURIComponent(guest), `guest-${digest(guest)}`);
  const search = sortedQueryString(parsed.query);
  const base = `${def.method} ${path}${search === '' ? '' : `?${search}`}`;
  if (def.auth === 'app' || guest !== undefined) return base;
  return `${base} @account=${identity.accountId === undefined ? 'none' : String(identity.accountId)}`;
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 16);
}
