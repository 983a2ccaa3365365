import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { encryptedFileStore } from './encrypted-file-store';
import { fakeSafeStorage } from './testing/fake-backends';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.marquee-access-token.signature';
const API_KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const SESSION = '{"kind":"user","sessionId":"4f3c2b1a0d9e8f7a6b5c","accountId":1,"createdAt":0}';
const SECRETS = [TOKEN, API_KEY, SESSION, '4f3c2b1a0d9e8f7a6b5c'];

/** Every file under `dir` (recursively) whose bytes contain one of `secrets`, raw or base64. */
async function filesHolding(dir: string, secrets: string[]): Promise<string[]> {
  const hits: string[] = [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = await readFile(path);
    const leaks = secrets.some(
      (s) =>
        bytes.includes(Buffer.from(s)) ||
        bytes.includes(Buffer.from(Buffer.from(s).toString('base64'))),
    );
    if (leaks) hits.push(path);
  }
  return hits;
}

describe('encryptedFileStore', () => {
  let dataDir: string;
  let file: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'marquee-creds-'));
    file = join(dataDir, 'credentials', 'secrets.json');
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps secrets across restarts of Marquee', async () => {
    const safe = fakeSafeStorage();
    const first = encryptedFileStore(safe, file);
    await first.set('tmdb.accessToken', TOKEN);
    await first.set('tmdb.session', SESSION);
    await first.set('tmdb.accessToken', `${TOKEN}-renewed`);
    const second = encryptedFileStore(safe, file);
    expect(await second.get('tmdb.accessToken')).toBe(`${TOKEN}-renewed`);
    expect(await second.get('tmdb.session')).toBe(SESSION);
    expect(await second.get('tmdb.apiKey')).toBeNull();
    await second.delete('tmdb.session');
    expect(await encryptedFileStore(safe, file).get('tmdb.session')).toBeNull();
  });

  it.skipIf(process.platform === 'win32')('writes a 0600 file in a 0700 folder', async () => {
    await mkdir(join(dataDir, 'credentials'), { mode: 0o755 });
    await encryptedFileStore(fakeSafeStorage(), file).set('tmdb.apiKey', API_KEY);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, 'credentials'))).mode & 0o777).toBe(0o700);
  });

  it('holds no secret in plaintext (nor merely base64-encoded)', async () => {
    const store = encryptedFileStore(fakeSafeStorage(), file);
    await store.set('tmdb.accessToken', TOKEN);
    await store.set('tmdb.apiKey', API_KEY);
    await store.set('tmdb.session', SESSION);
    expect(await readdir(join(dataDir, 'credentials'))).toEqual(['secrets.json']);
    expect(await filesHolding(dataDir, SECRETS)).toEqual([]);
  });

  it('keeps both of two concurrent writes', async () => {
    const safe = fakeSafeStorage();
    const store = encryptedFileStore(safe, file);
    await Promise.all([store.set('tmdb.accessToken', TOKEN), store.set('tmdb.apiKey', API_KEY)]);
    const reopened = encryptedFileStore(safe, file);
    expect(await reopened.get('tmdb.accessToken')).toBe(TOKEN);
    expect(await reopened.get('tmdb.apiKey')).toBe(API_KEY);
  });

  it('moves a damaged file aside with a timestamp, says so once, and carries on', async () => {
    await mkdir(join(dataDir, 'credentials'), { recursive: true });
    await writeFile(file, '{"version":1,"entries":{"tmdb.apiKey":');
    const log = memoryLogger();
    const safe = fakeSafeStorage();
    const store = encryptedFileStore(safe, file, {
      log,
      clock: () => Date.UTC(2025, 0, 2, 3, 4, 5),
    });

    await expect(store.get('tmdb.apiKey')).rejects.toThrow(/could not be read.*sign in again/);
    const aside = join(dataDir, 'credentials', 'secrets.corrupt-2025-01-02T03-04-05-000Z.json');
    expect(store.quarantined).toBe(aside);
    expect(await readFile(aside, 'utf8')).toBe('{"version":1,"entries":{"tmdb.apiKey":');
    expect(log.lines.some((l) => l.includes('credentials.file_quarantined'))).toBe(true);

    expect(await store.get('tmdb.apiKey')).toBeNull();
    await store.set('tmdb.apiKey', API_KEY);
    expect(await encryptedFileStore(safe, file).get('tmdb.apiKey')).toBe(API_KEY);
  });

  it('moves aside a file it cannot decrypt (another user or machine) instead of deleting it', async () => {
    await encryptedFileStore(fakeSafeStorage(), file).set('tmdb.accessToken', TOKEN);
    const original = await readFile(file);
    const otherMachine = encryptedFileStore(fakeSafeStorage(), file);

    const failure = otherMachine.get('tmdb.accessToken');
    await expect(failure).rejects.toMatchObject({ problem: 'corrupt' });
    await expect(failure).rejects.toThrow(/tmdb\.accessToken could not be decrypted/);
    expect(otherMachine.quarantined).toBeDefined();
    expect(await readFile(otherMachine.quarantined ?? '')).toEqual(original);
  });

  it('refuses to save when the OS encryption stops working, and keeps what was saved', async () => {
    const safe = fakeSafeStorage();
    const store = encryptedFileStore(safe, file);
    await store.set('tmdb.apiKey', API_KEY);
    safe.setAvailable(false);
    await expect(store.set('tmdb.accessToken', TOKEN)).rejects.toThrow(/encryption/);
    expect(await filesHolding(dataDir, [TOKEN])).toEqual([]);
    safe.setAvailable(true);
    expect(await encryptedFileStore(safe, file).get('tmdb.apiKey')).toBe(API_KEY);
  });

  it('keeps the saved secrets and leaves no partial file when a write fails', async () => {
    const safe = fakeSafeStorage();
    await encryptedFileStore(safe, file).set('tmdb.apiKey', API_KEY);
    const failing = encryptedFileStore(safe, file, {
      writeOps: { rename: () => Promise.reject(new Error('EIO: i/o error')) },
    });
    await expect(failing.set('tmdb.accessToken', TOKEN)).rejects.toThrow(
      /could not save the sign-in/,
    );
    expect(await readdir(join(dataDir, 'credentials'))).toEqual(['secrets.json']);
    const reopened = encryptedFileStore(safe, file);
    expect(await reopened.get('tmdb.apiKey')).toBe(API_KEY);
    expect(await reopened.get('tmdb.accessToken')).toBeNull();
  });

  it('sign-out leaves no secret on disk, including moved-aside copies and stray temp files', async () => {
    const safe = fakeSafeStorage();
    await encryptedFileStore(fakeSafeStorage(), file).set('tmdb.session', SESSION);
    const store = encryptedFileStore(safe, file);
    await expect(store.get('tmdb.session')).rejects.toThrow();
    await writeFile(join(dataDir, 'credentials', '.secrets.json.999.dead.tmp'), TOKEN);
    await store.set('tmdb.accessToken', TOKEN);
    await store.set('tmdb.apiKey', API_KEY);
    await store.set('tmdb.session', SESSION);

    await store.clear();

    expect(await filesHolding(dataDir, SECRETS)).toEqual([]);
    expect(await readdir(join(dataDir, 'credentials'))).toEqual([]);
    expect(await store.get('tmdb.accessToken')).toBeNull();
  });
});
