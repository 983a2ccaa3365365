import { describe, expect, it } from 'vitest';
import { foldForIndex } from './fold';

describe('foldForIndex', () => {
  it('folds case and accents, precomposed or typed apart, as the index does', () => {
    expect(foldForIndex('Amélie')).toBe('amelie');
    expect(foldForIndex('É')).toBe('e');
    expect(foldForIndex('e\u0301')).toBe('e');
    expect(foldForIndex('ZOË')).toBe('zoe');
  });
});
