import { describe, expect, it } from 'vitest';
import { formatBytes, languageChoices, languageLabel } from './languages';

describe('settings helpers', () => {
  it('formats byte counts the way people read them', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });

  it('names languages and keeps a saved language that is not offered', () => {
    expect(languageLabel('de-DE')).toBe('German (Germany)');
    expect(languageChoices('en-US')[0]).toBe('en-US');
    expect(languageChoices('ga-IE')[0]).toBe('ga-IE');
    expect(languageChoices('ga-IE')).toContain('ja-JP');
  });
});
