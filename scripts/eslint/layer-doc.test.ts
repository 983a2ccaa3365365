import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groups, layerOfPath, layers } from './layers.js';

/*
 * docs/architecture.md prints the layer table that lint enforces, and draws every folder of
 * src-main: both must say what the table in layers.js says.
 */
const root = join(import.meta.dirname, '..', '..');
const doc = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');

/** The rows of the markdown table whose header starts with `| first |`, as name → cells. */
function tableIn(text: string, first: string): Record<string, string[]> {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(line));
  expect(start, `a table headed "${first}" in docs/architecture.md`).toBeGreaterThanOrEqual(0);
  const rows: Record<string, string[]> = {};
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [name = '', uses = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    rows[name] = uses === '' ? [] : uses.split(',').map((use) => use.trim());
  }
  return rows;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|svelte)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));

describe('the layer table in docs/architecture.md', () => {
  it('is the table lint enforces, row for row', () => {
    expect(tableIn(doc, 'layer')).toEqual(layers);
    expect(tableIn(doc, 'group')).toEqual(
      Object.fromEntries(Object.entries(groups).map(([name, members]) => [`@${name}`, members])),
    );
  });

  it('draws every folder of src-main and every domain of the table', () => {
    const diagram = doc.slice(
      doc.indexOf('## Layers inside src-main'),
      doc.indexOf('**The layer table.**'),
    );
    const folders = readdirSync(join(root, 'src-main'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const name of new Set([...folders, ...(groups.domains ?? [])]))
      expect(diagram, `${name}/ in the diagram`).toMatch(new RegExp(`(^|\\s)${name}/`, 'm'));
  });

  it('places every source file in a layer', () => {
    const packages = [
      'src-shared',
      'src-main',
      'src-preload',
      'src-renderer',
      'catalogue',
      'e2e',
      'bench',
      'scripts',
    ];
    const outside = packages.flatMap(sourceFiles).filter((path) => layerOfPath(path) === undefined);
    expect(outside).toEqual([]);
  });

  it('names only layers that exist, in every row', () => {
    const known = new Set([
      ...Object.keys(layers),
      'npm',
      'node',
      'node/files',
      'zod',
      'vitest',
      'sqlite',
      'electron',
    ]);
    const names = [...Object.values(layers), ...Object.values(groups)].flat();
    const unknown = names.filter((name) => !name.startsWith('@') && !known.has(name));
    const unknownGroups = names.filter(
      (name) => name.startsWith('@') && !(name.slice(1) in groups),
    );
    expect([...unknown, ...unknownGroups]).toEqual([]);
  });
});
