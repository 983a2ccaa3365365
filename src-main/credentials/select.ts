import { join } from 'node:path';
import type { Logger } from '../base/log';
import { encryptedFileStore } from './encrypted-file-store';
import { describeFailure } from './errors';
import { keytarStore, type KeytarLike } from './keytar-store';
import type { LoadedKeytar } from './load-keytar';
import { memoryStore } from './memory-store';
import { probeKeychain } from './probe';
import { judgeEncryption, type SafeStorageLike } from './safe-storage';
import type { CredentialStore } from './store';
import { withTimeout } from './timeout';

export const KEYCHAIN_SERVICE = 'Marquee';
export const DEFAULT_PROBE_TIMEOUT_MS = 3000;

export interface SelectCredentialStoreOptions {
  /**
   * Loads keytar; usually `loadKeytar` from ./load-keytar. `'missing'` where the optional package
   * was not installed; may reject (no native module, no libsecret).
   */
  loadKeytar: () => Promise<LoadedKeytar>;
  /** Electron's safeStorage, passed in by the shell; absent in plain Node. */
  safeStorage?: SafeStorageLike | undefined;
  dataDir: string;
  log: Logger;
  probeTimeoutMs?: number;
  service?: string;
}

/** Where the encrypted-file fallback keeps its file, inside a folder of its own (mode 0700). */
export function credentialFile(dataDir: string): string {
  return join(dataDir, 'credentials', 'secrets.json');
}

/**
 * Picks the strongest store this machine offers: the OS keychain if it answers a round trip, else a
 * file encrypted by the OS, else memory only. Never a plaintext file.
 */
export async function selectCredentialStore(
  options: SelectCredentialStoreOptions,
): Promise<CredentialStore> {
  const { log } = options;
  const service = options.service ?? KEYCHAIN_SERVICE;
  const timeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;

  const keychainProblem = await tryKeychain();
  if (typeof keychainProblem !== 'string') {
    log.info('credentials.store', { kind: 'keychain', service });
    return keychainProblem;
  }
  log.warn('credentials.keychain_unavailable', { why: keychainProblem });

  const verdict = judgeEncryption(options.safeStorage);
  if (verdict.usable) {
    const reason =
      `The system keychain is not available (${keychainProblem}), so Marquee keeps your ` +
      'sign-in in a file encrypted by the operating system.';
    const file = credentialFile(options.dataDir);
    log.info('credentials.store', { kind: 'encrypted-file', file, why: keychainProblem });
    return encryptedFileStore(verdict.safeStorage, file, { reason, log });
  }

  const reason =
    `The system keychain is not available (${keychainProblem}) and ${verdict.why}. ` +
    'Marquee never saves secrets unencrypted, so your sign-in is kept in memory only and you will ' +
    'need to sign in again next time you open Marquee.';
  log.warn('credentials.store', {
    kind: 'memory',
    why: keychainProblem,
    encryption: verdict.why,
  });
  return memoryStore(reason);

  /** The keychain store, or why it cannot be used. */
  async function tryKeychain(): Promise<CredentialStore | string> {
    let keytar: KeytarLike;
    try {
      // Loading can hang too (a stuck D-Bus during module init), so it shares the deadline.
      const loaded = await withTimeout(
        options.loadKeytar(),
        timeoutMs,
        'loading the keychain module',
      );
      // An install without libsecret skips keytar (an optional dependency): say so plainly.
      if (loaded === 'missing') return 'the keychain module (keytar) is not installed';
      keytar = loaded;
    } catch (error) {
      return `the keychain module could not be loaded: ${describeFailure(error)}`;
    }
    const probe = await probeKeychain(keytar, service, timeoutMs);
    if (!probe.ok) return `the keychain did not answer: ${probe.reason}`;
    return keytarStore(keytar, { service });
  }
}
