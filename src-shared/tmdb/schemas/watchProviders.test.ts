import { describe, expect, it } from 'vitest';
import { providerList } from './watchProviders';

const netflix = {
  display_priority: 1,
  logo_path: '/n.png',
  provider_id: 8,
  provider_name: 'Netflix',
};

describe('the provider list a person chooses their services from', () => {
  it('leaves out a provider TMDB sends without a name or an id, and keeps the rest', () => {
    const parsed = providerList.parse({
      results: [
        netflix,
        { ...netflix, provider_id: 9, provider_name: null },
        { ...netflix, provider_id: null, provider_name: 'Nameless' },
        'not a provider',
        { ...netflix, provider_id: 337, provider_name: 'Disney Plus' },
      ],
    });
    expect(parsed.results.map((p) => p.provider_id)).toEqual([8, 337]);
  });

  it('reads a clean list exactly as TMDB sent it', () => {
    expect(providerList.parse({ results: [netflix] })).toEqual({ results: [netflix] });
  });
});
