import { endpoints } from '../../src-shared/tmdb/endpoints';
import { createTableClient } from './table-client';
import type { TmdbClient, TmdbClientOptions } from './types';

export { buildRequest, type BuiltRequest } from './request';
export { canonicalRequestKey, type CacheIdentity } from './canonical-key';

/** Marquee's TMDB client, bound to the one endpoint table. */
export function createTmdbClient(options: TmdbClientOptions): TmdbClient {
  return createTableClient(endpoints, options);
}
