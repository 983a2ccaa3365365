import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Finds the Electron executable without requiring the `electron` package: since Electron 45 its
 * index.js starts a download when the binary is missing, which hangs or fails on build machines.
 * Returns the path, or the reason there is none (for the skip message).
 */
export function findElectronBinary(
  root: string,
  env: Record<string, string | undefined> = process.env,
): { path: string } | { reason: string } {
  const fromEnv = env.ELECTRON_PATH?.trim();
  if (fromEnv) {
    return existsSync(fromEnv)
      ? { path: fromEnv }
      : { reason: `ELECTRON_PATH points to ${fromEnv}, which does not exist` };
  }
  const packageDir = join(root, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      reason:
        'the Electron binary is not installed (node_modules/electron/path.txt is missing; set ELECTRON_PATH)',
    };
  }
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary)
    ? { path: binary }
    : { reason: `node_modules/electron/path.txt names ${binary}, which is missing` };
}
