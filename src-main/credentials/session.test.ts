import { describe, expect, it } from 'vitest';
import { memoryStore } from './memory-store';
import { parseSession, readSession, writeSession, type StoredSession } from './session';

const NOW = Date.UTC(2025, 5, 1);

describe('stored sessions', () => {
  it('round-trips a user session', async () => {
    const store = memoryStore('test');
    const session: StoredSession = {
      kind: 'user',
      sessionId: 'sess-abc123',
      accountId: 42,
      createdAt: NOW,
    };
    await writeSession(store, session);
    expect(await readSession(store, NOW + 1)).toEqual(session);
  });

  it('keeps a guest session until it expires, then treats it as absent', async () => {
    const store = memoryStore('test');
    await writeSession(store, {
      kind: 'guest',
      guestSessionId: 'guest-xyz789',
      expiresAt: NOW + 1000,
    });
    expect(await readSession(store, NOW)).toMatchObject({
      kind: 'guest',
      guestSessionId: 'guest-xyz789',
    });
    expect(await readSession(store, NOW + 1000)).toBeNull();
  });

  it('reads no session when none was saved', async () => {
    expect(await readSession(memoryStore('test'), NOW)).toBeNull();
  });

  it('reports a damaged session clearly without quoting the stored value', async () => {
    const store = memoryStore('test');
    await store.set('tmdb.session', '{"kind":"user","sessionId":"sess-leaky-secret"}');
    const failure = readSession(store, NOW);
    await expect(failure).rejects.toMatchObject({ problem: 'corrupt' });
    await expect(failure).rejects.toThrow(/sign in again/);
    await expect(failure).rejects.not.toThrow(/sess-leaky-secret/);
    expect(() => parseSession('not json', NOW)).toThrow(/damaged/);
  });

  it('refuses an invalid session and keeps the previous one', async () => {
    const store = memoryStore('test');
    const good: StoredSession = {
      kind: 'user',
      sessionId: 'sess-good',
      accountId: 7,
      createdAt: NOW,
    };
    await writeSession(store, good);
    const bad = { kind: 'user', sessionId: '', accountId: -1, createdAt: NOW } as StoredSession;
    await expect(writeSession(store, bad)).rejects.toMatchObject({ problem: 'invalid_value' });
    expect(await readSession(store, NOW)).toEqual(good);
  });
});
