import { describe, expect, it } from 'vitest';
import { translatedSeason } from './translations';

describe('translatedSeason', () => {
  const translations = [
    {
      iso_639_1: 'fr',
      iso_3166_1: 'FR',
      english_name: 'French',
      name: 'Français',
      data: { name: 'Saison 1', overview: '' },
    },
  ];
  it('shows the chosen language and falls back to the original text where the translation is empty', () => {
    expect(
      translatedSeason(translations, 'fr-FR', { name: 'Season 1', overview: 'The start.' }),
    ).toEqual({
      name: 'Saison 1',
      overview: 'The start.',
      nameFallback: false,
      overviewFallback: true,
    });
    expect(translatedSeason(translations, null, { name: 'Season 1', overview: 'x' }).name).toBe(
      'Season 1',
    );
  });
});
