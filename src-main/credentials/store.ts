/** The secrets Marquee keeps. A fixed list, so nothing else can be written under Marquee's name. */
export const credentialNames = ['tmdb.accessToken', 'tmdb.apiKey', 'tmdb.session'] as const;

export type CredentialName = (typeof credentialNames)[number];

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
  return typeof value === 'string' && (credentialNames as readonly string[]).includes(value);
}
