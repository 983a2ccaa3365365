import { errorCode } from '../base/errors';
import type { KeytarLike } from './keytar-store';

/** keytar is an optional dependency: it needs libsecret to build, so it may not be installed. */
export type LoadedKeytar = KeytarLike | 'missing';

/**
 * The module's name in a variable: the type checker then does not require keytar's own typings,
 * which are absent where the optional install was skipped. The bundler keeps it external anyway.
 */
const KEYTAR_MODULE = 'keytar';

function isKeytarLike(value: unknown): value is KeytarLike {
  if (value === null || typeof value !== 'object') return false;
  const names = ['getPassword', 'setPassword', 'deletePassword', 'findCredentials'];
  return names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}

/**
 * True when the error says the keytar package itself is not installed, as opposed to keytar being
 * there but failing to load (its native `keytar.node` unbuilt, libsecret's library absent).
 */
export function isKeytarNotInstalled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = errorCode(error);
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return /Cannot find (?:package|module) '(?:[^']*[\\/])?keytar'/.test(error.message);
}

/**
 * Loads keytar lazily. A static import would crash start-up where the native module is missing
 * or libsecret is not installed; `'missing'` means the optional package was never installed, and a
 * rejected promise that it is there but cannot load. Either way the caller uses the fallback.
 */
export async function loadKeytar(
  importModule: () => Promise<unknown> = () => import(/* @vite-ignore */ KEYTAR_MODULE),
): Promise<LoadedKeytar> {
  let mod: unknown;
  try {
    mod = await importModule();
  } catch (error) {
    if (isKeytarNotInstalled(error)) return 'missing';
    throw error;
  }
  // keytar is CommonJS: under ESM its functions sit on `default` (only some are re-exported by name).
  const candidate: unknown =
    mod !== null && typeof mod === 'object' && 'default' in mod ? mod.default : mod;
  if (!isKeytarLike(candidate)) {
    throw new Error('The keytar module loaded but lacks the expected functions.');
  }
  return candidate;
}
