import { describe, expect, it } from 'vitest';
import { countryName, languageName } from './place-names';

describe('place names', () => {
  it('names countries and languages, keeping the code', () => {
    expect(countryName('US')).toBe('United States (US)');
    expect(languageName('en')).toBe('English (en)');
    expect(languageName('de')).toBe('German (de)');
  });

  it('falls back to the code, or says it is not set', () => {
    expect(languageName('xx')).toBe('xx');
    expect(countryName('')).toBe('Not set');
  });
});
