import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Reads KEY=value lines until the last one the CLI prints. */
function readSettings(stream: NodeJS.ReadableStream): Promise<Record<string, string>> {
  return new Promise((resolveSettings, reject) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('TMDB_DEMO_PASSWORD=') && text.endsWith('\n')) {
        resolveSettings(
          Object.fromEntries(
            text
              .trim()
              .split('\n')
              .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
          ),
        );
      }
    });
    stream.on('end', () => {
      reject(new Error(`the CLI ended before printing its settings: ${text}`));
    });
  });
}

describe('npm run catalogue', () => {
  it('prints its settings, serves with them, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(here, 'cli.ts'), '--port', '0', '--titles', '200', '--seed', '4'],
      { cwd: resolve(here, '..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const settings = await readSettings(child.stdout);
      expect(Object.keys(settings)).toEqual([
        'TMDB_API_BASE',
        'TMDB_IMAGE_BASE',
        'TMDB_ACCESS_TOKEN',
        'TMDB_DEMO_USER',
        'TMDB_DEMO_PASSWORD',
      ]);
      expect(settings.TMDB_IMAGE_BASE).toBe(`${settings.TMDB_API_BASE ?? ''}/t/p`);
      const res = await fetch(`${settings.TMDB_API_BASE ?? ''}/3/configuration/countries`, {
        headers: { Authorization: `Bearer ${settings.TMDB_ACCESS_TOKEN ?? ''}` },
      });
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('refuses a malformed number', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(here, 'cli.ts'), '--titles', 'many'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toMatch(/--titles expects a whole number/);
  });
});
