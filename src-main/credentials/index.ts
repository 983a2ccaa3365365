/** The credential store: what the shell and the core import. */
export type {
  CredentialName,
  CredentialStore,
  CredentialStoreKind,
  ServerCredentialName,
} from './store';
export { credentialNames, isCredentialName } from './store';
export { CredentialError, type CredentialProblem } from './errors';
export type { KeytarLike } from './keytar-store';
export type { SafeStorageLike } from './safe-storage';
export { keytarStore } from './keytar-store';
export { encryptedFileStore, type EncryptedFileStore } from './encrypted-file-store';
export { memoryStore } from './memory-store';
export { loadKeytar } from './load-keytar';
export { selectCredentialStore, credentialFile, KEYCHAIN_SERVICE } from './select';
export { readSession, writeSession, parseSession, serializeSession } from './session';
export { storedSessionSchema, type StoredSession } from './session';
