import { describe, expect, it } from 'vitest';
import { dedupe, uniqueBy } from './dedupe';

describe('uniqueBy', () => {
  it('keeps the first of each key, in order', () => {
    expect(uniqueBy(['ADR Editor', 'Foley', 'ADR Editor'], (job) => job)).toEqual([
      'ADR Editor',
      'Foley',
    ]);
    expect(uniqueBy([{ id: 2 }, { id: 1 }, { id: 2 }], (x) => x.id)).toEqual([
      { id: 2 },
      { id: 1 },
    ]);
  });
});

describe('dedupe', () => {
  it('appends only the new items', () => {
    const first = [1, 2];
    expect(dedupe(first, [2, 3], String)).toEqual([1, 2, 3]);
    expect(dedupe(first, [1], String)).toBe(first);
  });
});
