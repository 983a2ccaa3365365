import { describe, expect, it } from 'vitest';
import { placeholderHue } from './placeholder';

describe('placeholderHue', () => {
  it('is stable for a title and spreads different titles', () => {
    expect(placeholderHue('Circus')).toBe(placeholderHue('Circus'));
    const hues = new Set(
      ['Circus', 'José', 'The Broken Orbit', 'Midnight Voyage'].map(placeholderHue),
    );
    expect(hues.size).toBe(4);
    for (const hue of hues) expect(hue).toBeGreaterThanOrEqual(0);
    for (const hue of hues) expect(hue).toBeLessThan(360);
  });
});
