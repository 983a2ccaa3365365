import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({}));

const bundlePath = join(import.meta.dirname, '..', 'out', 'preload', 'index.cjs');
const built = existsSync(bundlePath);

// `npm test` builds before the unit tests; a bare `vitest run` on a fresh checkout has no bundle.
const title = built
  ? 'the built preload bundle (out/preload/index.cjs)'
  : 'the built preload bundle — skipped: out/preload/index.cjs does not exist, run `npm run build` first';

describe.skipIf(!built)(title, () => {
  const code = built ? readFileSync(bundlePath, 'utf8') : '';

  it('requires only electron, as a sandboxed preload must', () => {
    const required = [...code.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    expect(required.length).toBeGreaterThan(0);
    expect(new Set(required)).toEqual(new Set(['electron']));
  });

  it('carries no zod code (comments may mention it; its runtime markers may not appear)', () => {
    expect(code).not.toMatch(/require\(\s*["'`]zod/);
    for (const marker of ['_zod', 'ZodError', '$ZodType', 'safeParse', '$constructor'])
      expect(code).not.toContain(marker);
  });

  it('is CommonJS and exposes window.api through the context bridge', () => {
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/^\s*export\s/m);
    expect(code).toContain('exposeInMainWorld');
    expect(code).toContain('marquee:');
  });

  it('stays small', () => {
    expect(code.length).toBeLessThan(20_000);
  });
});
