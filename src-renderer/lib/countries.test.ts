import { describe, expect, it } from 'vitest';
import { filterCountries, sortCountries } from './countries';

const countries = [
  { iso_3166_1: 'DE', english_name: 'Germany', native_name: 'Deutschland' },
  { iso_3166_1: 'CI', english_name: "Cote D'Ivoire", native_name: "Côte d'Ivoire" },
  { iso_3166_1: 'AR', english_name: 'argentina', native_name: 'Argentina' },
  { iso_3166_1: 'JP', english_name: 'Japan', native_name: '日本' },
  // Some TMDB responses omit the native name.
  { iso_3166_1: 'XK', english_name: 'Kosovo' },
];

describe('sortCountries', () => {
  it('orders by English name regardless of case, without changing the input', () => {
    const sorted = sortCountries(countries);
    expect(sorted.map((c) => c.iso_3166_1)).toEqual(['AR', 'CI', 'DE', 'JP', 'XK']);
    expect(countries[0]?.iso_3166_1).toBe('DE');
  });
});

describe('filterCountries', () => {
  it('matches the English or native name, ignoring case and accents', () => {
    expect(filterCountries(countries, 'deutsch').map((c) => c.iso_3166_1)).toEqual(['DE']);
    expect(filterCountries(countries, 'CÔTE').map((c) => c.iso_3166_1)).toEqual(['CI']);
    expect(filterCountries(countries, '日本').map((c) => c.iso_3166_1)).toEqual(['JP']);
  });

  it('matches an ISO code exactly, not as a substring of a name', () => {
    expect(filterCountries(countries, 'jp').map((c) => c.iso_3166_1)).toEqual(['JP']);
    expect(filterCountries(countries, 'de').map((c) => c.iso_3166_1)).toEqual(['DE']);
  });

  it('finds a country without a native name by its English name', () => {
    expect(filterCountries(countries, 'koso').map((c) => c.iso_3166_1)).toEqual(['XK']);
  });

  it('returns everything for a blank query and nothing for a miss', () => {
    expect(filterCountries(countries, '   ')).toHaveLength(5);
    expect(filterCountries(countries, 'atlantis')).toEqual([]);
  });
});
