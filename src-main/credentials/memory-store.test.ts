import { describe, expect, it } from 'vitest';
import { memoryStore } from './memory-store';

describe('memoryStore', () => {
  it('says it is not persistent and why, so the UI can tell the user', () => {
    const store = memoryStore('No keychain answered.');
    expect(store.kind).toBe('memory');
    expect(store.persistent).toBe(false);
    expect(store.reason).toBe('No keychain answered.');
  });

  it('keeps, replaces, deletes and clears secrets for this run', async () => {
    const store = memoryStore('why');
    await store.set('tmdb.accessToken', 'token-one');
    await store.set('tmdb.accessToken', 'token-two');
    await store.set('tmdb.apiKey', 'key-one');
    expect(await store.get('tmdb.accessToken')).toBe('token-two');
    await store.delete('tmdb.apiKey');
    expect(await store.get('tmdb.apiKey')).toBeNull();
    await store.clear();
    expect(await store.get('tmdb.accessToken')).toBeNull();
  });

  it('refuses an empty secret and keeps the one it had', async () => {
    const store = memoryStore('why');
    await store.set('tmdb.apiKey', 'key-one');
    await expect(store.set('tmdb.apiKey', '')).rejects.toMatchObject({ problem: 'invalid_value' });
    expect(await store.get('tmdb.apiKey')).toBe('key-one');
  });
});
