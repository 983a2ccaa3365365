import type { Provenance } from '../../src-shared/ipc/contract';
import { CodedError } from '../../src-shared/ipc/errors';
import {
  endpoints,
  type EndpointKey,
  type EndpointResponse,
} from '../../src-shared/tmdb/endpoints';
import type { CacheThrough } from './cache-through';
import { isCachedFamily } from './freshness';
import type { IngestContext } from './extract';
import { ingestContextOf } from './extract-providers';
import type { Ingest } from './store/ingest';
import { errorCode } from '../base/errors';
import type { Logger } from '../base/log';
import { canonicalRequestKey } from '../tmdb/canonical-key';
import { schemaKeys } from '../tmdb/schema-keys';
import type { RawArgs, RequestArgs, TmdbClient } from '../tmdb/types';
import type { SettingsStore } from '../settings/settings-store';

export interface Fetched<T> {
  data: T;
  meta: Provenance;
}

export type Read = <K extends EndpointKey>(
  key: K,
  args?: RequestArgs<K>,
  ingest?: IngestContext,
) => Promise<Fetched<EndpointResponse<K>>>;

export interface ReadDeps {
  tmdb: TmdbClient;
  through: CacheThrough;
  online: () => boolean;
  settings: SettingsStore;
  /** The signed-in account, for account-scoped entries. */
  accountId: () => number | null;
  ingest: Ingest;
  log: Logger;
  clock: () => number;
}

/** The cache scope of an account's rows; `clearAccountData` removes exactly these. */
export const accountScope = (accountId: number | null): string =>
  `account:${accountId === null ? 'none' : String(accountId)}`;

/** The language and region every request carries, from the settings. */
export function requestDefaults(settings: SettingsStore): { language: string; region: string } {
  const { language, region } = settings.get();
  return { language, region };
}

/**
 * The one place a TMDB read becomes a cached read. The key is the canonical request (method,
 * path, sorted query with the effective language and region, never a credential; account data
 * also by account id), freshness comes from the endpoint's `cache` family, a stale copy is served
 * while it revalidates, and offline the cache answers alone, marked stale. Every body that
 * came from the network is fed to the normalized tables, so offline search and library views
 * know the titles, seasons, episodes and people it carried.
 */
export function createReads(deps: ReadDeps): Read {
  const client = deps.tmdb;
  // The key and arguments were checked by the caller's types; the client validates them again.
  const send = (key: EndpointKey, args: RawArgs): Promise<unknown> =>
    client.request(key, args as never);

  const read = async (
    key: EndpointKey,
    args: RawArgs = {},
    context?: IngestContext,
  ): Promise<Fetched<unknown>> => {
    const def = endpoints[key];
    const full = withAdultSetting(def.query, args, deps.settings.get().includeAdult);
    const fetchAndIngest = async (): Promise<unknown> => {
      const body = await send(key, full);
      try {
        deps.ingest(body, ingestContextOf(key, full.params, context, full.query));
      } catch (error) {
        // The answer is still good: the normalized tables are an index, rebuilt by the next read.
        deps.log.warn('cache.ingest_failed', { endpoint: key, error });
      }
      return body;
    };
    if (!isCachedFamily(def.cache)) {
      return {
        data: await fetchAndIngest(),
        meta: { source: 'network', fetchedAt: deps.clock(), stale: false },
      };
    }
    const accountId = deps.accountId();
    const scoped = def.auth !== 'app';
    const cacheKey = canonicalRequestKey(def, full, {
      accountId: accountId ?? undefined,
      defaults: requestDefaults(deps.settings),
    });
    try {
      const result = await deps.through({
        key: cacheKey,
        scope: scoped ? accountScope(accountId) : '',
        family: def.cache,
        fetch: fetchAndIngest,
        online: deps.online(),
      });
      return {
        data: result.value,
        meta: { source: result.source, fetchedAt: result.fetchedAt, stale: result.stale },
      };
    } catch (error) {
      throw friendlier(error);
    }
  };
  return read as Read;
}

/** `include_adult` follows the setting wherever the endpoint takes it and the caller left it out. */
function withAdultSetting(
  query: (typeof endpoints)[EndpointKey]['query'],
  args: RawArgs,
  includeAdult: boolean,
): RawArgs {
  if (!schemaKeys(query)?.has('include_adult')) return args;
  const given = (args.query ?? {}) as Record<string, unknown>;
  if (given.include_adult !== undefined) return args;
  return { ...args, query: { ...given, include_adult: includeAdult } };
}

function friendlier(error: unknown): unknown {
  if (error instanceof CodedError) return error;
  if (errorCode(error) === 'offline')
    return new CodedError('offline', 'Marquee is offline and has not saved this page yet.');
  return error;
}
