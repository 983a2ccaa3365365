import { describe, expect, it } from 'vitest';
import { accountStates } from './accountStates';

describe('accountStates', () => {
  it('reads an unrated title (rated: false) and a rated one (rated: { value })', () => {
    expect(
      accountStates.parse({ id: 550, favorite: false, rated: false, watchlist: true }).rated,
    ).toBe(false);
    const rated = accountStates.parse({
      id: 550,
      favorite: true,
      rated: { value: 9 },
      watchlist: false,
    });
    expect(rated.rated).toEqual({ value: 9 });
  });

  it('rejects rated: true, which would hide the value', () => {
    expect(
      accountStates.safeParse({ id: 550, favorite: true, rated: true, watchlist: false }).success,
    ).toBe(false);
  });
});
