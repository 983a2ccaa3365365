import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src-shared/tmdb/endpoints';
import { canonicalRequestKey } from './canonical-key';
import { TmdbInputError } from './errors';
import { secrets, testTable as t } from './testing/test-endpoints';

describe('canonicalRequestKey', () => {
  it('is method, path and sorted query, whatever order the caller used', () => {
    const a = canonicalRequestKey(t['GET /3/search/movie'], {
      query: { query: 'alien', page: 2, include_adult: false },
    });
    const b = canonicalRequestKey(t['GET /3/search/movie'], {
      query: { include_adult: false, page: '2', query: 'alien' },
    });
    expect(a).toBe('GET /3/search/movie?include_adult=false&page=2&query=alien');
    expect(b).toBe(a);
  });

  it('includes the effective language, so a language change is a different entry', () => {
    const def = t['GET /3/movie/{movie_id}'];
    const en = canonicalRequestKey(
      def,
      { params: { movie_id: 550 } },
      { defaults: { language: 'en-US' } },
    );
    const de = canonicalRequestKey(
      def,
      { params: { movie_id: 550 } },
      { defaults: { language: 'de-DE' } },
    );
    const explicit = canonicalRequestKey(
      def,
      { params: { movie_id: 550 }, query: { language: 'de-DE' } },
      { defaults: { language: 'en-US' } },
    );
    expect(en).toBe('GET /3/movie/550?language=en-US');
    expect(de).toBe('GET /3/movie/550?language=de-DE');
    expect(explicit).toBe(de);
    expect(
      canonicalRequestKey(
        endpoints['GET /3/configuration/jobs'],
        {},
        { defaults: { language: 'de-DE' } },
      ),
    ).toBe('GET /3/configuration/jobs');
  });

  it('keys user-dependent entries by account', () => {
    const def = t['GET /3/account/{account_id}/watchlist/movies'];
    const one = canonicalRequestKey(def, { params: { account_id: 5 } }, { accountId: 5 });
    const list = canonicalRequestKey(
      t['GET /3/list/{list_id}'],
      { params: { list_id: 9 } },
      { accountId: 77 },
    );
    const signedOut = canonicalRequestKey(t['GET /3/list/{list_id}'], { params: { list_id: 9 } });
    expect(one).toBe('GET /3/account/5/watchlist/movies @account=5');
    expect(list).toBe('GET /3/list/9 @account=77');
    expect(signedOut).toBe('GET /3/list/9 @account=none');
    expect(
      canonicalRequestKey(
        t['GET /3/movie/{movie_id}'],
        { params: { movie_id: 1 } },
        { accountId: 5 },
      ),
    ).toBe('GET /3/movie/1');
  });

  it('never holds a secret, even for a guest session that sits in the path', () => {
    const guest = canonicalRequestKey(t['GET /3/guest_session/{guest_session_id}/rated/movies'], {
      params: { guest_session_id: secrets.guestSessionId },
    });
    expect(guest).toMatch(/^GET \/3\/guest_session\/guest-[0-9a-f]{16}\/rated\/movies$/);
    const other = canonicalRequestKey(t['GET /3/guest_session/{guest_session_id}/rated/movies'], {
      params: { guest_session_id: 'another-guest-session-0000' },
    });
    expect(other).not.toBe(guest);
    const keys = [
      guest,
      canonicalRequestKey(t['GET /3/list/{list_id}'], { params: { list_id: 1 } }, { accountId: 1 }),
      canonicalRequestKey(
        t['POST /3/movie/{movie_id}/rating'],
        { params: { movie_id: 1 }, body: { value: 5 } },
        { accountId: 1 },
      ),
    ];
    for (const key of keys)
      for (const secret of Object.values(secrets)) expect(key).not.toContain(secret);
  });

  it('rejects bad arguments like the request would', () => {
    expect(() =>
      canonicalRequestKey(t['GET /3/movie/{movie_id}'], { params: { movie_id: 'x' } }),
    ).toThrow(TmdbInputError);
  });
});
