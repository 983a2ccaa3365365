import { describe, expect, it } from 'vitest';
import { searchProviders, summarySentence, toggled } from './my-services.svelte';

const providers = [
  { id: 8, name: 'Netflix' },
  { id: 337, name: 'Disney Plus' },
  { id: 381, name: 'Canal+' },
  { id: 1899, name: 'Max' },
];

describe('choosing my services', () => {
  it('finds services by every word typed, ignoring case, accents and signs', () => {
    expect(searchProviders(providers, '').map((p) => p.id)).toEqual([8, 337, 381, 1899]);
    expect(searchProviders(providers, 'DISNEY').map((p) => p.id)).toEqual([337]);
    expect(searchProviders(providers, 'plus disney').map((p) => p.id)).toEqual([337]);
    expect(searchProviders(providers, 'cánal+').map((p) => p.id)).toEqual([381]);
    expect(searchProviders(providers, 'hbo')).toEqual([]);
  });

  it('adds a service at the end and takes it out again', () => {
    const mine = { region: 'FR', providers: [], includeFree: false };
    const one = toggled(mine, { id: 8, name: 'Netflix', logoPath: null });
    const two = toggled(one, { id: 381, name: 'Canal+', logoPath: '/c.png' });
    expect(two.providers.map((p) => p.id)).toEqual([8, 381]);
    expect(toggled(two, { id: 8, name: 'Netflix', logoPath: null }).providers).toEqual([
      { id: 381, name: 'Canal+', logoPath: '/c.png' },
    ]);
  });

  it('says how many watchlist titles are on my services, once, in plain words', () => {
    expect(summarySentence(12)).toBe('12 titles on your watchlist are on your services.');
    expect(summarySentence(1)).toBe('1 title on your watchlist is on your services.');
    expect(summarySentence(0)).toBe(
      'None of the titles on your watchlist are on your services yet.',
    );
    expect(summarySentence(5000)).toBe('5,000 titles on your watchlist are on your services.');
  });
});
