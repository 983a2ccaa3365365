import { describe, expect, it } from 'vitest';
import { createTmdbClient } from './client';
import { json, recordingFetch } from './testing/fake-fetch';
import { secrets } from './testing/test-endpoints';

describe('createTmdbClient', () => {
  it('serves the real endpoint table: builds the URL, sends the bearer and validates the answer', async () => {
    const { fetch, calls } = recordingFetch(() =>
      json(200, [{ iso_3166_1: 'DE', english_name: 'Germany', native_name: 'Deutschland' }]),
    );
    const client = createTmdbClient({
      apiBase: 'https://api.themoviedb.org',
      credentials: () => ({ accessToken: secrets.accessToken }),
      defaults: () => ({ language: 'de-DE', region: 'DE' }),
      fetch,
    });
    const countries = await client.request('GET /3/configuration/countries', {});
    expect(countries[0]?.native_name).toBe('Deutschland');
    expect(calls[0]?.url).toBe(
      'https://api.themoviedb.org/3/configuration/countries?language=de-DE',
    );
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${secrets.accessToken}`);
  });

  it('reports a changed TMDB answer as a schema mismatch naming the field', async () => {
    const { fetch } = recordingFetch(() => json(200, [{ department: 'Sound', jobs: 'Foley' }]));
    const client = createTmdbClient({
      apiBase: 'https://api.themoviedb.org',
      credentials: () => ({ apiKey: secrets.apiKey }),
      fetch,
    });
    await expect(client.request('GET /3/configuration/jobs')).rejects.toMatchObject({
      code: 'schema_mismatch',
      message: 'GET /3/configuration/jobs: 0.jobs: expected array, received string',
    });
  });
});
