import { CredentialError, describeFailure } from './errors';
import { credentialNames, type CredentialStore } from './store';
import { checkEntry } from './validate';

/** The part of keytar Marquee uses; the real module and test fakes both fit it. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

export interface KeytarStoreOptions {
  /** The keychain service every Marquee entry is filed under, e.g. 'Marquee'. */
  service: string;
}

/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, libsecret on Linux): one entry per
 * credential name, all under one service so sign-out can find and remove every one of them.
 */
export function keytarStore(keytar: KeytarLike, options: KeytarStoreOptions): CredentialStore {
  const { service } = options;
  const call = async <T>(action: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new CredentialError(
        'unavailable',
        `The system keychain could not ${action}: ${describeFailure(error)}`,
      );
    }
  };
  return {
    kind: 'keychain',
    persistent: true,
    async get(name) {
      checkEntry(name);
      return call('read a saved secret', () => keytar.getPassword(service, name));
    },
    async set(name, value) {
      checkEntry(name, value);
      await call('save a secret', () => keytar.setPassword(service, name, value));
    },
    async delete(name) {
      checkEntry(name);
      await call('remove a saved secret', () => keytar.deletePassword(service, name));
    },
    async clear() {
      // Every account under the service, not only the known names: an interrupted probe or an
      // older Marquee may have left others, and sign-out must leave nothing behind.
      const found = await call('list saved secrets', () => keytar.findCredentials(service));
      const accounts = new Set<string>([...credentialNames, ...found.map((c) => c.account)]);
      for (const account of accounts) {
        await call('remove a saved secret', () => keytar.deletePassword(service, account));
      }
    },
  };
}
