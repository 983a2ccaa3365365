import type { Handler } from '../handler';
import { referenceHandlers } from './reference';
import { authHandlers } from './auth';
import { accountHandlers } from './account';
import { listHandlers } from './lists';
import { ratingHandlers } from './ratings';
import { titleHandlers } from './titles';
import { peopleHandlers } from './people';
import { listingHandlers } from './listings';
import { searchHandlers } from './search';
import { discoverHandlers } from './discover';

/** Every handler of the server, keyed exactly as the endpoint table. */
export const handlers: Readonly<Record<string, Handler>> = {
  ...referenceHandlers,
  ...authHandlers,
  ...accountHandlers,
  ...listHandlers,
  ...ratingHandlers,
  ...titleHandlers,
  ...peopleHandlers,
  ...listingHandlers,
  ...searchHandlers,
  ...discoverHandlers,
};
