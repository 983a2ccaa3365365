import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A minimal built renderer in a temporary folder, with a private file beside it that must never be served. */
export function fakeRendererDir(): { root: string; rendererDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'marquee-harness-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body></body></html>',
  );
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'export const app = 1;\n');
  writeFileSync(join(root, 'private.txt'), 'not for the browser');
  return { root, rendererDir };
}
