import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { fakeKeytar, fakeSafeStorage } from './testing/fake-backends';
import { selectCredentialStore } from './select';

describe('selectCredentialStore', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'marquee-select-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const chosenKind = (lines: string[]): unknown => {
    const line = lines.find((l) => l.includes('"credentials.store"'));
    return line === undefined ? undefined : (JSON.parse(line) as { kind?: unknown }).kind;
  };

  it('uses the keychain when it answers a round trip, and leaves no probe entry behind', async () => {
    const keytar = fakeKeytar();
    const log = memoryLogger();
    const store = await selectCredentialStore({
      loadKeytar: () => Promise.resolve(keytar),
      safeStorage: fakeSafeStorage(),
      dataDir,
      log,
    });
    expect(store.kind).toBe('keychain');
    expect(store.reason).toBeUndefined();
    expect(keytar.entries.size).toBe(0);
    expect(chosenKind(log.lines)).toBe('keychain');
  });

  it('falls back to the encrypted file when keytar cannot be loaded', async () => {
    const log = memoryLogger();
    const store = await selectCredentialStore({
      loadKeytar: () =>
        Promise.reject(new Error("Cannot find module '../build/Release/keytar.node'")),
      safeStorage: fakeSafeStorage(),
      dataDir,
      log,
    });
    expect(store.kind).toBe('encrypted-file');
    expect(store.persistent).toBe(true);
    expect(store.reason).toMatch(
      /keychain module could not be loaded.*encrypted by the operating system/,
    );
    expect(chosenKind(log.lines)).toBe('encrypted-file');
    await store.set('tmdb.apiKey', 'fallback-key-123');
    expect(await store.get('tmdb.apiKey')).toBe('fallback-key-123');
  });

  it('falls back to the encrypted file when keytar was not installed (optional), and says so', async () => {
    const log = memoryLogger();
    const store = await selectCredentialStore({
      loadKeytar: () => Promise.resolve('missing' as const),
      safeStorage: fakeSafeStorage(),
      dataDir,
      log,
    });
    expect(store.kind).toBe('encrypted-file');
    expect(store.reason).toMatch(/keychain module \(keytar\) is not installed.*encrypted by the/);
    expect(chosenKind(log.lines)).toBe('encrypted-file');
  });

  it('keeps secrets in memory when keytar was not installed and there is no safeStorage (harness)', async () => {
    const store = await selectCredentialStore({
      loadKeytar: () => Promise.resolve('missing' as const),
      dataDir,
      log: memoryLogger(),
    });
    expect(store.kind).toBe('memory');
    expect(store.reason).toMatch(/keytar\) is not installed.*memory only/);
  });

  it('falls back to the encrypted file when no Secret Service answers', async () => {
    const store = await selectCredentialStore({
      loadKeytar: () => Promise.resolve(fakeKeytar('rejects')),
      safeStorage: fakeSafeStorage({ backend: 'kwallet5' }),
      dataDir,
      log: memoryLogger(),
    });
    expect(store.kind).toBe('encrypted-file');
    expect(store.reason).toMatch(/org\.freedesktop\.secrets/);
  });

  it('gives up on a keychain that hangs after the probe timeout', async () => {
    const started = Date.now();
    const store = await selectCredentialStore({
      loadKeytar: () => Promise.resolve(fakeKeytar('hangs')),
      safeStorage: fakeSafeStorage(),
      dataDir,
      log: memoryLogger(),
      probeTimeoutMs: 50,
    });
    expect(store.kind).toBe('encrypted-file');
    expect(store.reason).toMatch(/did not answer within 50 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('gives up on a keychain module whose loading hangs', async () => {
    const store = await selectCredentialStore({
      loadKeytar: () => new Promise(() => undefined),
      safeStorage: fakeSafeStorage(),
      dataDir,
      log: memoryLogger(),
      probeTimeoutMs: 50,
    });
    expect(store.kind).toBe('encrypted-file');
  });

  it('refuses basic_text: secrets stay in memory and the reason says so', async () => {
    const log = memoryLogger();
    const store = await selectCredentialStore({
      loadKeytar: () => Promise.resolve(fakeKeytar('rejects')),
      safeStorage: fakeSafeStorage({ backend: 'basic_text' }),
      dataDir,
      log,
    });
    expect(store.kind).toBe('memory');
    expect(store.persistent).toBe(false);
    expect(store.reason).toMatch(
      /basic_text.*never saves secrets unencrypted.*memory only.*sign in again/,
    );
    expect(chosenKind(log.lines)).toBe('memory');
  });

  it('refuses an encryption backend Electron cannot identify', async () => {
    const store = await selectCredentialStore({
      loadKeytar: () => Promise.reject(new Error('no keytar')),
      safeStorage: fakeSafeStorage({ backend: 'unknown' }),
      dataDir,
      log: memoryLogger(),
    });
    expect(store.kind).toBe('memory');
    expect(store.reason).toMatch(/could not be identified/);
  });

  it('keeps secrets in memory when encryption is unavailable or safeStorage is absent', async () => {
    const noEncryption = await selectCredentialStore({
      loadKeytar: () =>
        Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')),
      safeStorage: fakeSafeStorage({ available: false }),
      dataDir,
      log: memoryLogger(),
    });
    expect(noEncryption.kind).toBe('memory');
    expect(noEncryption.reason).toMatch(/no encryption for saved data/);

    const plainNode = await selectCredentialStore({
      loadKeytar: () => Promise.reject(new Error('no keytar')),
      dataDir,
      log: memoryLogger(),
    });
    expect(plainNode.kind).toBe('memory');
  });

  it('writes no secret into its log lines', async () => {
    const log = memoryLogger();
    const store = await selectCredentialStore({
      loadKeytar: () => Promise.reject(new Error('no keytar')),
      safeStorage: fakeSafeStorage(),
      dataDir,
      log,
    });
    await store.set('tmdb.accessToken', 'logged-token-should-not-appear');
    await store.get('tmdb.accessToken');
    expect(log.lines.join('\n')).not.toContain('logged-token-should-not-appear');
  });
});
