import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeytarLike } from '../keytar-store';
import type { SafeStorageLike } from '../safe-storage';

/**
 * Test doubles. The safeStorage fake really encrypts (AES-256-GCM under a per-instance key), so a
 * test that looks for plaintext on disk, or decrypts with another "machine's" key, means something.
 */
export function fakeSafeStorage(
  options: { backend?: string; available?: boolean; key?: Buffer } = {},
): SafeStorageLike & { key: Buffer; setAvailable(available: boolean): void } {
  const key = options.key ?? randomBytes(32);
  let available = options.available ?? true;
  return {
    key,
    setAvailable: (value) => {
      available = value;
    },
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptString(plainText) {
      if (!available) throw new Error('Encryption is not available.');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from('v11'), iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      if (encrypted.subarray(0, 3).toString() !== 'v11')
        throw new Error('Unknown ciphertext version.');
      const iv = encrypted.subarray(3, 15);
      const tag = encrypted.subarray(15, 31);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export type FakeKeytarMode = 'works' | 'rejects' | 'hangs';

/** An in-memory keychain that can also refuse (no Secret Service) or never answer (a stuck bus). */
export function fakeKeytar(mode: FakeKeytarMode = 'works'): KeytarLike & {
  entries: Map<string, string>;
  calls: number;
} {
  const entries = new Map<string, string>();
  const keyOf = (service: string, account: string): string => `${service}\u0000${account}`;
  const state = { entries, calls: 0 };
  const answer = <T>(run: () => T): Promise<T> => {
    state.calls += 1;
    if (mode === 'rejects') {
      return Promise.reject(
        new Error('The name org.freedesktop.secrets was not provided by any .service files'),
      );
    }
    if (mode === 'hangs') return new Promise<T>(() => undefined);
    return Promise.resolve(run());
  };
  return Object.assign(state, {
    getPassword: (service: string, account: string) =>
      answer(() => entries.get(keyOf(service, account)) ?? null),
    setPassword: (service: string, account: string, password: string) =>
      answer(() => {
        entries.set(keyOf(service, account), password);
      }),
    deletePassword: (service: string, account: string) =>
      answer(() => entries.delete(keyOf(service, account))),
    findCredentials: (service: string) =>
      answer(() =>
        [...entries]
          .filter(([k]) => k.startsWith(`${service}\u0000`))
          .map(([k, password]) => ({ account: k.slice(service.length + 1), password })),
      ),
  });
}
