/**
 * Building a request from an endpoint entry, apart from sending it: the one way in. Every
 * request the client sends, and every cache key, is built from the arguments checked here.
 */
export { buildRequest } from './build';
export { parseArgs } from './args';
export { requestPlan, type RequestPlan } from './plan';
export { sortedQueryString } from './wire';
export type { BuiltRequest, ParsedArgs, RequestDefaults } from './types';
