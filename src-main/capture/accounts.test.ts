import { describe, expect, it } from 'vitest';
import { MAX_ALIASES, accountOf, type AccountBook } from './accounts';

const plex: AccountBook = {
  kind: 'plex',
  accounts: [
    { id: '1', name: 'Anna' },
    { id: '2', name: 'Ben' },
    { id: '25600001', name: 'Chris' },
  ],
  aliases: {},
};

describe('which account an announcement is about', () => {
  it('keeps an id the server lists, and learns a plex.tv id by the account’s name', () => {
    expect(accountOf(plex, { account: '2', accountName: 'whoever' })).toEqual({ account: '2' });
    expect(accountOf(plex, { account: '25600001', accountName: 'Chris' })).toEqual({
      account: '25600001',
    });
    expect(accountOf(plex, { account: '19084402', accountName: ' anna ' })).toEqual({
      account: '1',
      learned: { '19084402': '1' },
    });
  });

  it('finds a remembered id whatever the name now says', () => {
    const book = { ...plex, aliases: { '19084402': '1' } };
    expect(accountOf(book, { account: '19084402', accountName: 'Anna K.' })).toEqual({
      account: '1',
    });
  });

  it('does not guess: no name, an unknown name, or a name two accounts share', () => {
    const twins: AccountBook = {
      ...plex,
      accounts: [...plex.accounts, { id: '3', name: 'anna' }],
    };
    expect(accountOf(plex, { account: '777', accountName: 'Carol' })).toEqual({ account: '777' });
    expect(accountOf(plex, { account: '777', accountName: '777' })).toEqual({ account: '777' });
    expect(accountOf(plex, { account: '777', accountName: '' })).toEqual({ account: '777' });
    expect(accountOf(twins, { account: '19084402', accountName: 'Anna' })).toEqual({
      account: '19084402',
    });
  });

  it('maps ids on Plex only, and forgets aliases of accounts gone; the bound holds', () => {
    const jellyfin: AccountBook = { ...plex, kind: 'jellyfin' };
    expect(accountOf(jellyfin, { account: 'x', accountName: 'Anna' })).toEqual({ account: 'x' });
    const stale = { ...plex, aliases: { '500': '9' } };
    expect(accountOf(stale, { account: '600', accountName: 'Ben' })).toEqual({
      account: '2',
      learned: { '600': '2' },
    });
    const full = {
      ...plex,
      aliases: Object.fromEntries(
        Array.from({ length: MAX_ALIASES }, (_, i) => [String(1000 + i), '2']),
      ),
    };
    expect(accountOf(full, { account: '19084402', accountName: 'Anna' })).toEqual({
      account: '1',
    });
  });
});
