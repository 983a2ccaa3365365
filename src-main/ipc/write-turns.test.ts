import { describe, expect, it } from 'vitest';
import { writesLibrary } from './write-turns';

describe('which calls take a write turn', () => {
  it('writes do, reads and the worker’s own channels do not', () => {
    for (const channel of [
      'tracking.mark',
      'library.rate',
      'lists.addItem',
      'settings.set',
    ] as const)
      expect(writesLibrary(channel), channel).toBe(true);
    for (const channel of [
      'tracking.history',
      'search.ahead',
      'stats.overview',
      'backup.create',
    ] as const)
      expect(writesLibrary(channel), channel).toBe(false);
  });
});
