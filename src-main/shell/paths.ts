import { join } from 'node:path';

/** Where the other bundles sit relative to the built main bundle (out/main/index.js). */
export function builtPaths(mainDir: string): { preload: string; renderer: string } {
  return {
    preload: join(mainDir, '..', 'preload', 'index.cjs'),
    renderer: join(mainDir, '..', 'renderer'),
  };
}
