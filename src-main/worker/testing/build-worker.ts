import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleChild } from '../../db/testing/bundle-child';

export interface BuiltWorker {
  /** The bundle's path, for `new Worker`. */
  file: string;
  remove(): void;
}

/**
 * Bundles a worker entry from its TypeScript sources with esbuild (a fraction of a second), as
 * electron-vite's main build does for the app: Node cannot load .ts in a worker thread by
 * itself, and a loader given in the worker's `execArgv` does not reach it on Node 20.
 */
export async function buildWorker(entry: string): Promise<BuiltWorker> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-worker-'));
  const file = await bundleChild(entry, dir);
  return {
    file,
    remove: () => {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
