import type { EndpointDef } from '../../../src-shared/tmdb/define';
import type { RawArgs, TmdbCredentials } from '../types';
import { generalRequest } from './general';
import { requestPlan, type RequestPlan } from './plan';
import { plainRequest } from './plain';
import type { BuiltRequest, RequestDefaults } from './types';

/**
 * Builds one request from an endpoint entry, apart from sending it: validates the arguments,
 * fills the path, adds `language`/`region` defaults and credentials, and sorts the query.
 * `key` names the endpoint in error messages (the entry's route by default).
 */
export function buildRequest(
  entry: EndpointDef | RequestPlan,
  args: RawArgs,
  credentials: TmdbCredentials,
  defaults: RequestDefaults & { apiBase: string },
  key?: string,
): BuiltRequest {
  // A caller that sends many requests to one entry keeps its plan: one lookup fewer each time.
  const plan = 'def' in entry ? entry : requestPlan(entry);
  return (
    plainRequest(plan, args, credentials, defaults) ??
    generalRequest(plan, args, credentials, defaults, key ?? plan.def.route)
  );
}
