/** (d): the renderer's JavaScript, gzipped: the first load, and each chunk loaded on demand. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './stats';

/**
 * The renderer's JavaScript, gzipped: what the first load fetches and parses (the entry and the
 * chunks index.html preloads) and each chunk loaded on demand (a view's `import()`).
 */
export function bundleRows(): BenchResult[] {
  const root = resolve('out/renderer');
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((m) => m[1] ?? ''),
  );
  const gzip = (file: string): number =>
    gzipSync(readFileSync(join(root, 'assets', file)), { level: 9 }).length / 1024;
  const files = readdirSync(join(root, 'assets')).filter((f) => f.endsWith('.js'));
  const lazy = files.filter((f) => !initial.has(f)).sort();
  const first = [...initial].reduce((sum, f) => sum + gzip(f), 0);
  // The Stats view carries its charts (d3-scale, d3-array and its own SVG): loaded only when opened.
  const stats = files.find((f) => f.startsWith('StatsView-'));
  return [
    {
      name: 'renderer: initial JavaScript gzip',
      unit: 'KB',
      value: first,
      budget: 150,
      note: `${[...initial].join(', ')}; all chunks together ${files.reduce((sum, f) => sum + gzip(f), 0).toFixed(1)} KB`,
    },
    ...(stats
      ? [
          {
            name: 'renderer: Stats view chunk gzip (charts included, loaded when Stats opens)',
            unit: 'KB',
            value: gzip(stats),
            budget: 40,
            note: `${stats}; ${initial.has(stats) ? 'WRONGLY in the initial load' : 'not in the initial load'}`,
          },
        ]
      : []),
    ...lazy
      .filter((file) => file !== stats)
      .map((file) => ({
        name: `renderer: lazy chunk ${file.replace(/-[\w-]{8}\.js$/, '')} gzip`,
        unit: 'KB',
        value: gzip(file),
        budget: null,
        note: file,
      })),
  ];
}
