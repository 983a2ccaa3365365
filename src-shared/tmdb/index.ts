/** The TMDB contract: resource schemas, the endpoint table and its parameter helpers. */
export * from './schemas';
export * from './define';
export * from './queries';
export { endpoints, tmdbError } from './endpoints';
export type {
  EndpointBody,
  EndpointKey,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  Endpoints,
} from './endpoints';
