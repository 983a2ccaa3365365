import type { EndpointDef } from '../../src-shared/tmdb/define';
import type { TmdbHttpError } from './errors';

/**
 * TMDB behaviours the endpoint table cannot express. Keyed on the route so they apply to
 * whichever table the client is bound to.
 */

/** POST /3/list/{list_id}/clear does nothing without `confirm=true` (TMDB status 29), so it is always sent. */
export function isListClear(def: EndpointDef): boolean {
  return def.route === 'POST /3/list/{list_id}/clear';
}

/** DELETE /3/authentication/session takes the session to end in its JSON body, not the query. */
export function isSessionDelete(def: EndpointDef): boolean {
  return def.route === 'DELETE /3/authentication/session';
}

export function isListDelete(def: EndpointDef): boolean {
  return def.route === 'DELETE /3/list/{list_id}';
}

/**
 * DELETE /3/list/{list_id} deletes the list and then answers HTTP 500 with status_code 11
 * ("Internal error") — a long-standing TMDB bug reported by several client libraries. Such an
 * answer must be confirmed with a GET, not retried (a retry would answer 404 and look like a failure).
 */
export function isListDeleteAmbiguous(def: EndpointDef, error: TmdbHttpError): boolean {
  return isListDelete(def) && error.httpStatus === 500 && error.tmdbStatus === 11;
}

/** TMDB's own status body for a deleted record (status_code 13), returned once the GET confirms it. */
export const deletedStatus = {
  success: true,
  status_code: 13,
  status_message: 'The item/record was deleted successfully.',
} as const;
