import { describe, expect, it } from 'vitest';
import type { SettingsStore } from '../../settings/settings-store';
import { discoverQuery } from './browse';

const settings = { get: () => ({ region: 'US' }) } as unknown as SettingsStore;
const filters = {
  page: 1,
  sortBy: 'popularity.desc' as const,
  genres: [],
  providers: [337],
  onMyServices: true,
};
const netflix = { id: 8, name: 'Netflix', logoPath: null };
const mubi = { id: 11, name: 'MUBI', logoPath: null };

describe('Discover on my services', () => {
  it('asks TMDB for my providers in my region, by the offers I count', () => {
    const mine = { region: 'GB', providers: [netflix, mubi], includeFree: false };
    expect(discoverQuery(filters, settings, mine)).toMatchObject({
      with_watch_providers: '8|11',
      watch_region: 'GB',
      with_watch_monetization_types: 'flatrate',
    });
    expect(
      discoverQuery(filters, settings, { ...mine, includeFree: true })
        .with_watch_monetization_types,
    ).toBe('flatrate|free|ads');
  });

  it('keeps the chosen providers otherwise, in the region asked or the settings one', () => {
    const chosen = { ...filters, onMyServices: false };
    expect(discoverQuery(chosen, settings)).toMatchObject({
      with_watch_providers: '337',
      watch_region: 'US',
    });
    expect(discoverQuery({ ...chosen, watchRegion: 'FR' }, settings).watch_region).toBe('FR');
  });
});
