import type { KeytarLike } from './keytar-store';

function isKeytarLike(value: unknown): value is KeytarLike {
  if (value === null || typeof value !== 'object') return false;
  const names = ['getPassword', 'setPassword', 'deletePassword', 'findCredentials'];
  return names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}

/**
 * Loads keytar lazily. A static import would crash start-up where the native module is missing
 * or libsecret is not installed; a rejected promise here just means "use the fallback".
 */
export async function loadKeytar(): Promise<KeytarLike> {
  const mod: unknown = await import('keytar');
  // keytar is CommonJS: under ESM its functions sit on `default` (only some are re-exported by name).
  const candidate: unknown =
    mod !== null && typeof mod === 'object' && 'default' in mod ? mod.default : mod;
  if (!isKeytarLike(candidate)) {
    throw new Error('The keytar module loaded but lacks the expected functions.');
  }
  return candidate;
}
