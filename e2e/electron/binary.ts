import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** Opens an in-memory database with the project's better-sqlite3, in this (Node) process. */
export type SqliteProbe = () => void;

/**
 * Whether the native modules are built for Electron. better-sqlite3 is compiled for one ABI at a
 * time: `npm ci` builds it for Node (the unit tests), `npm run dist:deps` rebuilds it for Electron.
 * So a copy that opens a database here, in Node, is one Electron cannot load, and the smoke test
 * would only fail on it; a copy refused for its NODE_MODULE_VERSION is the Electron build.
 */
export function nativeModulesForElectron(
  root: string,
  probe: SqliteProbe = () => {
    const Database = createRequire(join(root, 'package.json'))('better-sqlite3') as new (
      file: string,
    ) => { close(): void };
    new Database(':memory:').close();
  },
): { ok: true } | { reason: string } {
  try {
    probe();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes('NODE_MODULE_VERSION')) return { ok: true };
    return { reason: `better-sqlite3 does not load: ${message.split('\n')[0] ?? message}` };
  }
  return {
    reason:
      'better-sqlite3 is built for Node, not for Electron; run `npm run dist:deps` first (and `npm rebuild better-sqlite3` to return to Node)',
  };
}
