/**
 * The shape of Electron's `safeStorage`. The shell passes the real one in; the core never imports
 * electron, so it runs and is tested in plain Node.
 */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text', 'gnome_libsecret', 'kwallet5', … ('unknown' before the app is ready). */
  getSelectedStorageBackend?(): string;
}

export type EncryptionVerdict =
  { usable: true; safeStorage: SafeStorageLike } | { usable: false; why: string };

/**
 * Whether safeStorage really encrypts. On Linux without a keyring Chromium falls back to
 * 'basic_text', a hard-coded key: that is plaintext in all but name, so Marquee refuses it.
 * https://www.electronjs.org/docs/latest/api/safe-storage#safestoragegetselectedstoragebackend-linux
 */
export function judgeEncryption(safeStorage: SafeStorageLike | undefined): EncryptionVerdict {
  if (!safeStorage) return { usable: false, why: 'no OS encryption service was offered' };
  let available: boolean;
  try {
    available = safeStorage.isEncryptionAvailable();
  } catch {
    available = false;
  }
  if (!available) return { usable: false, why: 'the OS offers no encryption for saved data' };
  const backend = safeStorage.getSelectedStorageBackend?.();
  if (backend === 'basic_text') {
    return { usable: false, why: 'the OS encryption falls back to a fixed key (basic_text)' };
  }
  // 'unknown' means Electron could not tell which backend it uses; assume the worst.
  if (backend === 'unknown') {
    return { usable: false, why: 'the OS encryption backend could not be identified' };
  }
  return { usable: true, safeStorage };
}
