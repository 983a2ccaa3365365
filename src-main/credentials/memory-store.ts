import type { CredentialName, CredentialStore } from './store';
import { checkEntry } from './validate';

/**
 * The refusal: where no keychain answers and the OS offers no real encryption, secrets stay in
 * memory for this run only rather than being written to disk in plaintext.
 */
export function memoryStore(reason: string): CredentialStore {
  const entries = new Map<CredentialName, string>();
  // Bad input rejects the promise, as it does in the other stores, instead of throwing at the call.
  const later = <T>(run: () => T): Promise<T> => Promise.resolve().then(run);
  return {
    kind: 'memory',
    persistent: false,
    reason,
    get: (name) =>
      later(() => {
        checkEntry(name);
        return entries.get(name) ?? null;
      }),
    set: (name, value) =>
      later(() => {
        checkEntry(name, value);
        entries.set(name, value);
      }),
    delete: (name) =>
      later(() => {
        checkEntry(name);
        entries.delete(name);
      }),
    clear: () =>
      later(() => {
        entries.clear();
      }),
  };
}
