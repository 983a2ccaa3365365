import { describe, expect, it } from 'vitest';
import { fakeKeytar } from './testing/fake-backends';
import { keytarStore } from './keytar-store';

describe('keytarStore', () => {
  it('files each secret under the Marquee service, one entry per name', async () => {
    const keytar = fakeKeytar();
    const store = keytarStore(keytar, { service: 'Marquee' });
    await store.set('tmdb.accessToken', 'token-one');
    await store.set('tmdb.accessToken', 'token-two');
    await store.set('tmdb.apiKey', 'key-one');
    expect(store.kind).toBe('keychain');
    expect(store.persistent).toBe(true);
    expect(await store.get('tmdb.accessToken')).toBe('token-two');
    expect(await keytar.findCredentials('Marquee')).toEqual([
      { account: 'tmdb.accessToken', password: 'token-two' },
      { account: 'tmdb.apiKey', password: 'key-one' },
    ]);
    await store.delete('tmdb.apiKey');
    expect(await store.get('tmdb.apiKey')).toBeNull();
  });

  it('clears every Marquee entry, leftovers included, and nothing of other apps', async () => {
    const keytar = fakeKeytar();
    await keytar.setPassword('Marquee', 'probe.0123abcd', 'left by a crash');
    await keytar.setPassword('Other app', 'tmdb.session', 'not ours');
    const store = keytarStore(keytar, { service: 'Marquee' });
    await store.set('tmdb.session', '{"kind":"guest"}');
    await store.clear();
    expect(await keytar.findCredentials('Marquee')).toEqual([]);
    expect(await keytar.getPassword('Other app', 'tmdb.session')).toBe('not ours');
  });

  it('turns a keychain failure into a clear error that never carries the secret', async () => {
    const store = keytarStore(fakeKeytar('rejects'), { service: 'Marquee' });
    const failure = store.set('tmdb.apiKey', 'very-secret-api-key');
    await expect(failure).rejects.toMatchObject({ problem: 'unavailable' });
    await expect(failure).rejects.toThrow(
      /system keychain could not save a secret: The name org\.freedesktop\.secrets/,
    );
    await expect(failure).rejects.not.toThrow(/very-secret-api-key/);
  });

  it('refuses an empty secret before asking the keychain', async () => {
    const keytar = fakeKeytar();
    await expect(
      keytarStore(keytar, { service: 'Marquee' }).set('tmdb.apiKey', ''),
    ).rejects.toThrow(/empty/);
    expect(keytar.calls).toBe(0);
  });
});
