/**
 * The secrets Marquee keeps: a fixed list, plus one entry per configured media server
 * (`capture.server.<server id>`), so nothing else can be written under Marquee's name.
 */
export const credentialNames = [
  'tmdb.accessToken',
  'tmdb.apiKey',
  'tmdb.session',
  // The sync folder's key, stretched from the passphrase (sync across computers).
  'sync.folderKey',
] as const;

/** A media server's token, password and webhook secret, as one JSON entry. */
export type ServerCredentialName = `capture.server.${string}`;
export type CredentialName = (typeof credentialNames)[number] | ServerCredentialName;

const SERVER_CREDENTIAL = /^capture\.server\.[a-z0-9-]{1,64}$/;

export type CredentialStoreKind = 'keychain' | 'encrypted-file' | 'memory';

/**
 * Where secrets live. Every implementation keeps the same promise: a secret is never written to
 * disk in plaintext, and `clear()` (sign-out) removes every Marquee entry.
 */
export interface CredentialStore {
  readonly kind: CredentialStoreKind;
  /** False when secrets are lost when Marquee quits (the user signs in again next time). */
  readonly persistent: boolean;
  /** Why a weaker store than the OS keychain was chosen, in words the UI can show. */
  readonly reason?: string;
  get(name: CredentialName): Promise<string | null>;
  set(name: CredentialName, value: string): Promise<void>;
  delete(name: CredentialName): Promise<void>;
  /** Removes every Marquee entry from this store. */
  clear(): Promise<void>;
}

export function isCredentialName(value: unknown): value is CredentialName {
  return (
    typeof value === 'string' &&
    ((credentialNames as readonly string[]).includes(value) || SERVER_CREDENTIAL.test(value))
  );
}
