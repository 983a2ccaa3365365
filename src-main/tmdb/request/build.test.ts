import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boolParam } from '../../../src-shared/tmdb/define';
import { endpoints } from '../../../src-shared/tmdb/endpoints';
import { buildRequest } from './build';
import { TmdbAuthRequiredError, TmdbInputError } from '../errors';
import { secrets, testTable as t } from '../testing/test-endpoints';

const base = { apiBase: 'https://api.themoviedb.org' };
const bearer = { accessToken: secrets.accessToken };

function query(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

describe('buildRequest', () => {
  it('fills path placeholders and URL-encodes them', () => {
    const built = buildRequest(
      t['GET /3/tv/episode_group/{group_id}'],
      { params: { group_id: 'a b/c?d' } },
      bearer,
      base,
    );
    expect(built.url).toBe('https://api.themoviedb.org/3/tv/episode_group/a%20b%2Fc%3Fd');
    expect(built.method).toBe('GET');
  });

  it('accepts ids as numbers or digit strings', () => {
    const a = buildRequest(
      t['GET /3/movie/{movie_id}'],
      { params: { movie_id: 550 } },
      bearer,
      base,
    );
    const b = buildRequest(
      t['GET /3/movie/{movie_id}'],
      { params: { movie_id: '550' } },
      bearer,
      base,
    );
    expect(a.url).toBe('https://api.themoviedb.org/3/movie/550');
    expect(b.url).toBe(a.url);
  });

  it('refuses a path segment that would climb out of the endpoint', () => {
    expect(() =>
      buildRequest(
        t['GET /3/tv/episode_group/{group_id}'],
        { params: { group_id: '..' } },
        bearer,
        base,
      ),
    ).toThrow(TmdbInputError);
  });

  it('rejects bad input with an invalid_input error naming the field', () => {
    const run = (): unknown =>
      buildRequest(t['GET /3/movie/{movie_id}'], { params: { movie_id: 'abc' } }, bearer, base);
    expect(run).toThrow(TmdbInputError);
    try {
      run();
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_input' });
      expect((error as Error).message).toContain('GET /3/movie/{movie_id}: params.movie_id');
    }
    expect(() =>
      buildRequest(t['GET /3/search/movie'], { query: { query: '' } }, bearer, base),
    ).toThrow(/query\.query/);
    expect(() =>
      buildRequest(
        t['GET /3/search/movie'],
        { query: { query: 'alien', page: 501 } },
        bearer,
        base,
      ),
    ).toThrow(/query\.page/);
    expect(() =>
      buildRequest(
        t['POST /3/movie/{movie_id}/rating'],
        { params: { movie_id: 1 }, body: { value: 10.3 } },
        {
          ...bearer,
          sessionId: secrets.sessionId,
        },
        base,
      ),
    ).toThrow(/body\.value/);
    // A strict query schema rejects parameters the endpoint does not know.
    expect(() =>
      buildRequest(
        t['GET /3/movie/{movie_id}'],
        { params: { movie_id: 1 }, query: { bogus: 'x' } },
        bearer,
        base,
      ),
    ).toThrow(TmdbInputError);
  });

  it('adds language and region defaults only where the endpoint takes them and the caller did not set them', () => {
    const defaults = { ...base, language: 'de-DE', region: 'DE' };
    const search = buildRequest(
      t['GET /3/search/movie'],
      { query: { query: 'alien' } },
      bearer,
      defaults,
    );
    expect(query(search.url)).toEqual({ query: 'alien', language: 'de-DE', region: 'DE' });

    const chosen = buildRequest(
      t['GET /3/search/movie'],
      { query: { query: 'alien', language: 'fr-FR' } },
      bearer,
      defaults,
    );
    expect(query(chosen.url).language).toBe('fr-FR');

    // The movie entry takes language but not region.
    const details = buildRequest(
      t['GET /3/movie/{movie_id}'],
      { params: { movie_id: 1 } },
      bearer,
      defaults,
    );
    expect(query(details.url)).toEqual({ language: 'de-DE' });

    // The real jobs entry takes no query at all (strict): no default may be forced on it.
    const jobs = buildRequest(endpoints['GET /3/configuration/jobs'], {}, bearer, defaults);
    expect(jobs.url).toBe('https://api.themoviedb.org/3/configuration/jobs');
    const countries = buildRequest(
      endpoints['GET /3/configuration/countries'],
      {},
      bearer,
      defaults,
    );
    expect(query(countries.url)).toEqual({ language: 'de-DE' });
  });

  it('sorts query keys so the same request always has the same URL', () => {
    const a = buildRequest(
      t['GET /3/search/movie'],
      { query: { query: 'x', page: 2, include_adult: false } },
      {
        apiKey: secrets.apiKey,
      },
      base,
    );
    const b = buildRequest(
      t['GET /3/search/movie'],
      { query: { include_adult: false, page: 2, query: 'x' } },
      {
        apiKey: secrets.apiKey,
      },
      base,
    );
    expect(a.url).toBe(b.url);
    expect(a.url).toBe(
      `https://api.themoviedb.org/3/search/movie?api_key=${secrets.apiKey}&include_adult=false&page=2&query=x`,
    );
  });

  it('uses the bearer header when there is a token, else the api_key query parameter', () => {
    const withToken = buildRequest(
      t['GET /3/movie/{movie_id}'],
      { params: { movie_id: 1 } },
      {
        accessToken: secrets.accessToken,
        apiKey: secrets.apiKey,
      },
      base,
    );
    expect(withToken.headers.Authorization).toBe(`Bearer ${secrets.accessToken}`);
    expect(withToken.url).not.toContain('api_key');
    expect(withToken.headers.Accept).toBe('application/json');
    expect(withToken.headers['Content-Type']).toBeUndefined();

    const withKey = buildRequest(
      t['GET /3/movie/{movie_id}'],
      { params: { movie_id: 1 } },
      { apiKey: secrets.apiKey },
      base,
    );
    expect(withKey.headers.Authorization).toBeUndefined();
    expect(query(withKey.url).api_key).toBe(secrets.apiKey);
  });

  it('requires a session for session endpoints before anything is sent', () => {
    const def = t['GET /3/account/{account_id}/watchlist/movies'];
    expect(() => buildRequest(def, { params: { account_id: 1 } }, bearer, base)).toThrow(
      TmdbAuthRequiredError,
    );
    try {
      buildRequest(def, { params: { account_id: 1 } }, bearer, base);
    } catch (error) {
      expect(error).toMatchObject({ code: 'unauthorized' });
      expect((error as Error).message).toMatch(/Sign in/);
    }
    const signedIn = buildRequest(
      def,
      { params: { account_id: 1 } },
      { ...bearer, sessionId: secrets.sessionId },
      base,
    );
    expect(query(signedIn.url).session_id).toBe(secrets.sessionId);
  });

  it('adds an optional session only when there is one', () => {
    const def = t['GET /3/list/{list_id}'];
    expect(query(buildRequest(def, { params: { list_id: 7 } }, bearer, base).url)).toEqual({});
    const signedIn = buildRequest(
      def,
      { params: { list_id: 7 } },
      { ...bearer, sessionId: secrets.sessionId },
      base,
    );
    expect(query(signedIn.url)).toEqual({ session_id: secrets.sessionId });
  });

  it('rates with the session when signed in, else with the guest session, else not at all', () => {
    const def = t['POST /3/movie/{movie_id}/rating'];
    const args = { params: { movie_id: 550 }, body: { value: 8.5 } };
    const both = buildRequest(
      def,
      args,
      { ...bearer, sessionId: secrets.sessionId, guestSessionId: secrets.guestSessionId },
      base,
    );
    expect(query(both.url)).toEqual({ session_id: secrets.sessionId });
    const guest = buildRequest(
      def,
      args,
      { ...bearer, guestSessionId: secrets.guestSessionId },
      base,
    );
    expect(query(guest.url)).toEqual({ guest_session_id: secrets.guestSessionId });
    expect(guest.body).toBe('{"value":8.5}');
    expect(guest.headers['Content-Type']).toBe('application/json;charset=utf-8');
    expect(() => buildRequest(def, args, bearer, base)).toThrow(TmdbAuthRequiredError);
  });

  it('signs out with the session in the JSON body, never in the URL', () => {
    const def = t['DELETE /3/authentication/session'];
    const built = buildRequest(def, {}, { ...bearer, sessionId: secrets.sessionId }, base);
    expect(built.method).toBe('DELETE');
    expect(built.url).toBe('https://api.themoviedb.org/3/authentication/session');
    expect(JSON.parse(built.body ?? '')).toEqual({ session_id: secrets.sessionId });
    expect(() => buildRequest(def, {}, bearer, base)).toThrow(TmdbAuthRequiredError);
  });

  it('always confirms a list clear', () => {
    const built = buildRequest(
      t['POST /3/list/{list_id}/clear'],
      { params: { list_id: 9 } },
      {
        ...bearer,
        sessionId: secrets.sessionId,
      },
      base,
    );
    expect(query(built.url)).toEqual({ confirm: 'true', session_id: secrets.sessionId });
  });

  it('confirms a list clear whose query schema requires confirm, even if the caller said otherwise', () => {
    const def = {
      ...t['POST /3/list/{list_id}/clear'],
      query: z.object({ confirm: boolParam.refine((v) => v) }),
    };
    const credentials = { ...bearer, sessionId: secrets.sessionId };
    for (const query of [undefined, { confirm: false }]) {
      const built = buildRequest(def, { params: { list_id: 9 }, query }, credentials, base);
      expect(new URL(built.url).searchParams.get('confirm')).toBe('true');
    }
  });

  it('takes a guest session that sits in the path from the credentials', () => {
    const def = t['GET /3/guest_session/{guest_session_id}/rated/movies'];
    const built = buildRequest(
      def,
      {},
      { ...bearer, guestSessionId: secrets.guestSessionId },
      base,
    );
    expect(built.url).toBe(
      `https://api.themoviedb.org/3/guest_session/${secrets.guestSessionId}/rated/movies`,
    );
    expect(() => buildRequest(def, {}, bearer, base)).toThrow(TmdbAuthRequiredError);
  });

  it('refuses a body on an endpoint that takes none', () => {
    expect(() =>
      buildRequest(
        t['GET /3/movie/{movie_id}'],
        { params: { movie_id: 1 }, body: { x: 1 } },
        bearer,
        base,
      ),
    ).toThrow(/takes no body/);
  });

  it('drops a trailing slash of the API base', () => {
    const built = buildRequest(t['GET /3/movie/{movie_id}'], { params: { movie_id: 1 } }, bearer, {
      apiBase: 'http://127.0.0.1:9000/',
    });
    expect(built.url).toBe('http://127.0.0.1:9000/3/movie/1');
  });
});
