import { describe, expect, it } from 'vitest';
import { describeAge } from './age';

describe('describeAge', () => {
  const now = Date.UTC(2026, 0, 10, 12, 0, 0);

  it('says "just now" under a minute, and for clocks slightly ahead', () => {
    expect(describeAge(now - 59_000, now)).toBe('just now');
    expect(describeAge(now + 5_000, now)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(describeAge(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(describeAge(now - 3 * 3_600_000 - 59 * 60_000, now)).toBe('3 hours ago');
    expect(describeAge(now - 86_400_000, now)).toBe('yesterday');
    expect(describeAge(now - 10 * 86_400_000, now)).toBe('10 days ago');
  });
});
