import { memoryLogger } from '../../base/testing/memory-logger';
import { createTableClient } from '../table-client';
import type { TmdbClientOptions, TmdbCredentials } from '../types';
import { recordingFetch, type Responder } from './fake-fetch';
import { FakeTime } from './fake-time';
import { secrets, testTable } from './test-endpoints';

/** A client over the test table with fake fetch, virtual time, a fixed random and a memory log. */
export function setupClient(
  respond: Responder,
  extra: Partial<TmdbClientOptions> = {},
  /** Fixed credentials, or a provider a test can change between requests. */
  credentials?: TmdbCredentials | (() => TmdbCredentials),
) {
  const time = new FakeTime();
  const { fetch, calls } = recordingFetch(respond);
  const log = memoryLogger();
  const network: [boolean, string | undefined][] = [];
  const client = createTableClient(testTable, {
    apiBase: 'https://api.themoviedb.org',
    credentials:
      typeof credentials === 'function'
        ? credentials
        : () => credentials ?? { accessToken: secrets.accessToken, sessionId: secrets.sessionId },
    fetch,
    clock: time.clock,
    sleep: time.sleep,
    random: () => 0.5,
    log,
    onNetwork: (online, reason) => network.push([online, reason]),
    ...extra,
  });
  return { time, calls, log, network, client };
}

/** Awaits a promise that must fail and returns its error. */
export async function rejection(
  promise: Promise<unknown>,
): Promise<Error & { code?: string; tmdbStatus?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string; tmdbStatus?: number };
  }
  throw new Error('expected a failure');
}
