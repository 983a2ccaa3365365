import { defineEndpoints, noParams } from '../define';
import { clearListQuery, itemStatusQuery, listParams, pagedQuery } from '../queries';
import {
  createListBody,
  listCreated,
  listDetails,
  listItemBody,
  listItemStatus,
  statusResponse,
} from '../schemas';

/** v3 user lists (films only). */
export const listsEndpoints = defineEndpoints({
  // Not idempotent: every call creates another list.
  'POST /3/list': {
    params: noParams,
    query: noParams,
    body: createListBody,
    response: listCreated,
    auth: 'session',
    success: [200, 201],
    idempotent: false,
    cache: 'none',
  },
  'GET /3/list/{list_id}': {
    params: listParams,
    query: pagedQuery,
    body: undefined,
    response: listDetails,
    auth: 'session_optional',
    success: [200],
    idempotent: true,
    cache: 'account',
  },
  'GET /3/list/{list_id}/item_status': {
    params: listParams,
    query: itemStatusQuery,
    body: undefined,
    response: listItemStatus,
    auth: 'session_optional',
    success: [200],
    idempotent: true,
    cache: 'account',
  },
  // Idempotent in effect: a repeat finds the film already there and TMDB answers status 8 ("duplicate entry"); the list is unchanged.
  'POST /3/list/{list_id}/add_item': {
    params: listParams,
    query: noParams,
    body: listItemBody,
    response: statusResponse,
    auth: 'session',
    success: [200, 201],
    idempotent: true,
    cache: 'none',
  },
  // Idempotent in effect: a repeat finds the film gone; the list is unchanged.
  'POST /3/list/{list_id}/remove_item': {
    params: listParams,
    query: noParams,
    body: listItemBody,
    response: statusResponse,
    auth: 'session',
    success: [200, 201],
    idempotent: true,
    cache: 'none',
  },
  // TMDB answers HTTP 201 with a status response (status_code 12). Idempotent: clearing an empty list leaves it empty.
  'POST /3/list/{list_id}/clear': {
    params: listParams,
    query: clearListQuery,
    body: undefined,
    response: statusResponse,
    auth: 'session',
    success: [200, 201],
    idempotent: true,
    cache: 'none',
  },
  // TMDB deletes the list but answers HTTP 500 with status_code 11; the client confirms with a GET (404 means deleted).
  'DELETE /3/list/{list_id}': {
    params: listParams,
    query: noParams,
    body: undefined,
    response: statusResponse,
    auth: 'session',
    success: [200, 201],
    idempotent: true,
    cache: 'none',
  },
});
