import { describe, expect, it } from 'vitest';
import type { EndpointDef } from '../../../src-shared/tmdb/define';
import { endpoints } from '../../../src-shared/tmdb/endpoints';
import { secrets, testTable } from '../testing/test-endpoints';
import type { TmdbCredentials } from '../types';
import { buildRequest } from './build';
import { generalRequest } from './general';
import { requestPlan } from './plan';
import { plainRequest } from './plain';
import { argSamples } from './testing/arg-samples';
import type { BuiltRequest } from './types';

const base = { apiBase: 'https://api.themoviedb.org/' };
const who: [string, TmdbCredentials][] = [
  ['a bearer token', { accessToken: secrets.accessToken }],
  [
    'a bearer token and a session',
    { accessToken: secrets.accessToken, sessionId: secrets.sessionId },
  ],
  ['an api_key', { apiKey: secrets.apiKey }],
];
const withLanguage = { ...base, language: 'fr-FR', region: 'FR' };

/** The general way with zod alone: no quick check takes part. */
function byZod(def: EndpointDef, args: object, creds: TmdbCredentials, defaults = base) {
  const plan = { ...requestPlan(def), fastParams: undefined, fastQuery: undefined };
  try {
    return generalRequest(plan, args, creds, defaults, def.route);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

describe.each([
  ['the endpoint table', endpoints as Readonly<Record<string, EndpointDef>>],
  ['the test table', testTable as Readonly<Record<string, EndpointDef>>],
])('the one-pass way over %s', (_name, table) => {
  it.each(Object.keys(table))('%s: builds exactly what zod alone builds', (key) => {
    const def = table[key] as EndpointDef;
    const plan = requestPlan(def);
    for (const [, creds] of who) {
      for (const defaults of [base, withLanguage]) {
        for (const args of argSamples(def, 150, 11)) {
          const expected = byZod(def, args, creds, defaults);
          const actual = plainRequest(plan, args, creds, defaults);
          if (actual === undefined) continue;
          // Never a request where zod refuses, and never a different one.
          expect(expected, JSON.stringify(args)).not.toBeInstanceOf(Error);
          expect(actual, JSON.stringify(args)).toStrictEqual(expected as BuiltRequest);
        }
      }
    }
  });

  it.each(Object.keys(table))(
    '%s: with the quick checks, the general way too builds or refuses as zod alone does',
    (key) => {
      const def = table[key] as EndpointDef;
      const plan = requestPlan(def);
      for (const [, creds] of who) {
        for (const args of argSamples(def, 150, 11)) {
          let actual: BuiltRequest | Error;
          try {
            actual = generalRequest(plan, args, creds, base, key);
          } catch (error) {
            actual = error instanceof Error ? error : new Error(String(error));
          }
          expect(actual, JSON.stringify(args)).toStrictEqual(byZod(def, args, creds));
        }
      }
    },
  );
});

describe('the one-pass way', () => {
  it('serves most browsing entries of the table', () => {
    const browsing = Object.values(endpoints as Readonly<Record<string, EndpointDef>>).filter(
      (def) => def.method === 'GET' && def.auth === 'app',
    );
    const served = browsing.filter((def) =>
      argSamples(def, 150, 11).some(
        (args) => plainRequest(requestPlan(def), args, { accessToken: 't' }, base) !== undefined,
      ),
    );
    expect(browsing.length).toBeGreaterThan(20);
    expect(served.length / browsing.length).toBeGreaterThan(0.8);
  });

  const discover = endpoints['GET /3/discover/movie'];
  const bearer = { accessToken: secrets.accessToken };

  it('writes a browsing URL with its query sorted and the defaults added', () => {
    const built = plainRequest(
      requestPlan(discover),
      { query: { sort_by: 'popularity.desc', page: 2 } },
      bearer,
      withLanguage,
    );
    expect(built?.url).toBe(
      'https://api.themoviedb.org/3/discover/movie?language=fr-FR&page=2&region=FR&sort_by=popularity.desc',
    );
    expect(built?.target).toBe(
      'GET /3/discover/movie?language=fr-FR&page=2&region=FR&sort_by=popularity.desc',
    );
    expect(built?.headers).toEqual({
      Accept: 'application/json',
      Authorization: `Bearer ${secrets.accessToken}`,
    });
  });

  it('leaves secrets in the query, bodies and quirks to the general way', () => {
    const quick = (key: keyof typeof endpoints, args: object, creds: TmdbCredentials) =>
      plainRequest(requestPlan(endpoints[key]), args, creds, base);
    expect(quick('GET /3/discover/movie', {}, { apiKey: secrets.apiKey })).toBeUndefined();
    const session = { ...bearer, sessionId: secrets.sessionId };
    expect(
      quick('GET /3/account/{account_id}/watchlist/movies', { params: { account_id: 1 } }, session),
    ).toBeUndefined();
    expect(
      quick('POST /3/list/{list_id}/clear', { params: { list_id: 1 } }, session),
    ).toBeUndefined();
    expect(quick('DELETE /3/authentication/session', {}, session)).toBeUndefined();
  });

  it('is what buildRequest gives for a common call', () => {
    const built = buildRequest(discover, { query: { page: 3 } }, bearer, base);
    expect(built.url).toBe('https://api.themoviedb.org/3/discover/movie?page=3');
    expect(built).toStrictEqual(
      plainRequest(requestPlan(discover), { query: { page: 3 } }, bearer, base),
    );
  });
});
