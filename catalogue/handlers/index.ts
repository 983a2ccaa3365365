import type { EndpointGroup } from '../../src-shared/tmdb/endpoints';
import type { Handler } from '../handler';
import { accountHandlers } from './account';
import { authHandlers } from './auth';
import { discoverHandlers } from './discover';
import { listsHandlers } from './lists';
import { moviesHandlers } from './movies';
import { peopleHandlers } from './people';
import { ratingsHandlers } from './ratings';
import { referenceHandlers } from './reference';
import { searchHandlers } from './search';
import { tvHandlers } from './tv';

/**
 * The server's handlers by group of the endpoint table: each group's handlers live in the file of
 * the same name as its table file (`src-shared/tmdb/table/<group>.ts`), and answer exactly its routes.
 */
export const handlerGroups: Readonly<Record<EndpointGroup, Readonly<Record<string, Handler>>>> = {
  reference: referenceHandlers,
  auth: authHandlers,
  account: accountHandlers,
  lists: listsHandlers,
  ratings: ratingsHandlers,
  movies: moviesHandlers,
  tv: tvHandlers,
  people: peopleHandlers,
  search: searchHandlers,
  discover: discoverHandlers,
};

/** Every handler of the server, keyed exactly as the endpoint table. */
export const handlers: Readonly<Record<string, Handler>> = Object.assign(
  {},
  ...Object.values(handlerGroups),
) as Record<string, Handler>;
