import { defineEndpoints, noParams } from '../define';
import { detailsQuery, pageQuery, pagedQuery, personParams } from '../queries';
import { paged, personDetail, personDetails, personSummary, taggedImagesPage } from '../schemas';

/** People. */
export const peopleEndpoints = defineEndpoints({
  // The newest person changes continuously: never served from cache as fresh.
  'GET /3/person/latest': {
    params: noParams,
    query: noParams,
    body: undefined,
    response: personDetail,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'live',
  },
  'GET /3/person/popular': {
    params: noParams,
    query: pagedQuery,
    body: undefined,
    response: paged(personSummary),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'listing',
  },
  'GET /3/person/{person_id}': {
    params: personParams,
    query: detailsQuery,
    body: undefined,
    response: personDetails,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'details',
  },
  'GET /3/person/{person_id}/tagged_images': {
    params: personParams,
    query: pageQuery,
    body: undefined,
    response: taggedImagesPage,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'details',
  },
});
