import { describe, expect, it } from 'vitest';
import { ageNotice } from './provenance';

const fresh = { source: 'cache' as const, fetchedAt: 1, stale: false };

describe('ageNotice', () => {
  it('says nothing about fresh data online, wherever it came from', () => {
    expect(ageNotice(fresh, true)).toBeNull();
    expect(ageNotice({ ...fresh, source: 'network' }, true)).toBeNull();
    expect(ageNotice(null, false)).toBeNull();
  });

  it('marks a cached copy offline, and a stale copy online', () => {
    expect(ageNotice(fresh, false)).toBe('offline');
    expect(ageNotice({ ...fresh, stale: true }, true)).toBe('stale');
    expect(ageNotice({ ...fresh, source: 'network' }, false)).toBeNull();
  });
});
