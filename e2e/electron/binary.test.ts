import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronBinary, nativeModulesForElectron } from './binary';

const roots: string[] = [];
const makeRoot = (): string => {
  const root = mkdtempSync(join(tmpdir(), 'marquee-electron-'));
  roots.push(root);
  mkdirSync(join(root, 'node_modules', 'electron'), { recursive: true });
  return root;
};

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('findElectronBinary', () => {
  it('says why when the binary was never downloaded', () => {
    expect(findElectronBinary(makeRoot(), {})).toEqual({
      reason: expect.stringContaining('not installed') as unknown,
    });
  });

  it('finds the binary named by path.txt', () => {
    const root = makeRoot();
    writeFileSync(join(root, 'node_modules', 'electron', 'path.txt'), 'electron\n');
    mkdirSync(join(root, 'node_modules', 'electron', 'dist'));
    writeFileSync(join(root, 'node_modules', 'electron', 'dist', 'electron'), '');
    expect(findElectronBinary(root, {})).toEqual({
      path: join(root, 'node_modules', 'electron', 'dist', 'electron'),
    });
  });

  it('reports a path.txt that names a missing file', () => {
    const root = makeRoot();
    writeFileSync(join(root, 'node_modules', 'electron', 'path.txt'), 'electron');
    expect(findElectronBinary(root, {})).toMatchObject({
      reason: expect.stringContaining('missing') as unknown,
    });
  });

  it('prefers ELECTRON_PATH, and checks it exists', () => {
    const root = makeRoot();
    const binary = join(root, 'my-electron');
    writeFileSync(binary, '');
    expect(findElectronBinary(root, { ELECTRON_PATH: binary })).toEqual({ path: binary });
    expect(findElectronBinary(root, { ELECTRON_PATH: join(root, 'nope') })).toMatchObject({
      reason: expect.stringContaining('ELECTRON_PATH') as unknown,
    });
  });
});

describe('nativeModulesForElectron', () => {
  it('refuses a better-sqlite3 that Node can load: it is not the Electron build', () => {
    expect(nativeModulesForElectron('/unused', () => undefined)).toEqual({
      reason: expect.stringContaining('npm run dist:deps') as unknown,
    });
  });

  it('accepts the copy Node refuses for its ABI', () => {
    const probe = (): void => {
      throw new Error(
        'The module was compiled against a different Node.js version using NODE_MODULE_VERSION 140.',
      );
    };
    expect(nativeModulesForElectron('/unused', probe)).toEqual({ ok: true });
  });

  it('says why when the module is missing altogether', () => {
    const probe = (): void => {
      throw new Error("Cannot find module 'better-sqlite3'\nRequire stack: …");
    };
    expect(nativeModulesForElectron('/unused', probe)).toEqual({
      reason: "better-sqlite3 does not load: Cannot find module 'better-sqlite3'",
    });
  });

  it('finds this checkout built for Node, as `npm ci` leaves it', () => {
    expect(nativeModulesForElectron(join(import.meta.dirname, '..', '..'))).toHaveProperty(
      'reason',
    );
  });
});
