import { join } from 'node:path';

/**
 * Where the other bundles sit relative to the built main bundle (out/main/index.js); the worker
 * thread's script is built beside it (electron.vite.config.ts).
 */
export function builtPaths(mainDir: string): { preload: string; renderer: string; worker: string } {
  return {
    worker: join(mainDir, 'worker.js'),
    preload: join(mainDir, '..', 'preload', 'index.cjs'),
    renderer: join(mainDir, '..', 'renderer'),
  };
}
