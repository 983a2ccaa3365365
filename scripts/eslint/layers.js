/**
 * Marquee's layers as a table: which layer may import which (VS Code's `code-layering` is the
 * model). `eslint.config.js` enforces it with the rule in `layer-rule.js`; `docs/architecture.md`
 * prints the same table (a test keeps the two equal).
 *
 * A layer may always import itself. Every other import must be listed: an import of a layer, a
 * package or a folder that is not in its row is a lint error naming both layers.
 */

/**
 * Names for sets of layers used in the table below (`@stores` in a row means all of them). Bare
 * imports are layers too: `npm` (a package), `node` (a Node built-in), `node/files` (node:fs, path
 * and url), `zod`, `vitest`, `sqlite` (better-sqlite3) and `electron` (with electron-updater).
 */
export const groups = {
  packages: ['npm', 'node', 'node/files', 'zod'],
  contract: ['shared', 'shared/handlers'],
  stores: ['tmdb', 'db', 'credentials', 'settings'],
  // What every domain stands on.
  foundation: ['base', '@stores', 'shared', '@packages'],
  domains: [
    'changes',
    'cache',
    'auth',
    'library',
    'tracking',
    'import',
    'stats',
    'sync',
    'capture',
    'services',
    'picks',
  ],
  main: [
    '@foundation',
    'shared/handlers',
    '@domains',
    'worker',
    'ipc',
    'core',
    'shell',
    'shell/demo',
  ],
  renderer: ['renderer', 'renderer/views', 'renderer/components', 'renderer/lib'],
};

/**
 * The table: layer → the layers it may import. Layers are named by folder. A domain's `store/`
 * folder is part of its domain and the only place besides db/ that may import `sqlite`. `:test`
 * layers are tests and the `testing/` folders beside the code, which no product file imports.
 */
export const layers = {
  // The contract: zod schemas, the endpoint table, the IPC contract (handler types apart).
  shared: ['shared/handlers', 'zod'],
  'shared/handlers': ['shared', 'zod'],
  'shared:test': ['@contract', 'zod', 'vitest', 'node/files'],

  // src-main, bottom up: base → stores and clients → domains → ipc → core → shell.
  base: ['shared', '@packages'],
  tmdb: ['base', 'shared', '@packages'],
  db: ['base', 'shared', '@packages', 'sqlite'],
  credentials: ['base', 'shared', '@packages'],
  settings: ['base', 'shared', '@packages'],
  // Domains: rules over the stores, each above the ones it uses; no IPC, no electron. `changes`
  // is the one write path of Marquee's own data, under every domain that writes it.
  changes: ['@foundation'],
  cache: ['@foundation'],
  auth: ['@foundation', 'cache'],
  library: ['@foundation', 'cache', 'auth'],
  tracking: ['@foundation', 'changes', 'cache', 'auth', 'library'],
  import: ['@foundation', 'changes', 'cache', 'auth', 'library', 'tracking'],
  stats: ['@foundation', 'changes', 'cache', 'auth', 'library', 'tracking'],
  // Sync with other services and capture from media servers feed the history like an import.
  sync: ['@foundation', 'changes', 'cache', 'auth', 'library', 'tracking', 'import'],
  capture: ['@foundation', 'changes', 'cache', 'auth', 'library', 'tracking', 'import'],
  // The streaming services a person pays for (where titles stream for them, arrivals) and the
  // picks worked out from their history.
  services: ['@foundation', 'changes', 'cache', 'auth', 'library', 'tracking'],
  picks: ['@foundation', 'changes', 'cache', 'auth', 'library', 'tracking', 'stats', 'services'],
  // Heavy jobs off the main process: the runner, and the worker's entry over the domains it runs.
  worker: ['@foundation', '@domains'],
  ipc: ['@foundation', 'shared/handlers', '@domains', 'worker'],
  core: ['@foundation', 'shared/handlers', '@domains', 'worker', 'ipc'],
  shell: ['@foundation', 'shared/handlers', '@domains', 'ipc', 'core', 'electron'],
  // src-main/shell/main.ts, the one product file that starts the demo catalogue.
  'shell/demo': ['@main', 'electron', 'catalogue/entry'],
  // Tests and test support may reach higher, to wire an end-to-end check, and start the demo
  // catalogue as TMDB's stand-in; only the shell's load electron.
  'main:test': ['@main', 'sqlite', 'vitest', 'catalogue/entry', '@renderer'],
  'shell:test': ['@main', 'main:test', 'sqlite', 'vitest', 'catalogue/entry', 'electron'],

  // The sandboxed bridge: it forwards the listed channels and carries no zod.
  preload: ['@contract', 'electron', 'npm', 'node', 'node/files', 'vitest'],

  // The renderer, a web page: app → views → components → lib, and main only through window.api.
  renderer: [
    'renderer/views',
    'renderer/components',
    'renderer/lib',
    '@contract',
    'zod',
    'npm',
    'vitest',
  ],
  'renderer/views': ['renderer/components', 'renderer/lib', '@contract', 'zod', 'npm', 'vitest'],
  'renderer/components': ['renderer/lib', '@contract', 'zod', 'npm', 'vitest'],
  'renderer/lib': ['@contract', 'zod', 'npm', 'vitest'],

  // The demo catalogue: a package of its own over the contract, entered by catalogue/index.ts.
  catalogue: ['catalogue/entry', '@contract', '@packages'],
  'catalogue/entry': ['catalogue', '@contract', '@packages'],
  'catalogue:test': ['catalogue', 'catalogue/entry', '@contract', 'vitest', '@packages'],

  // The browser harness serves the core over HTTP; nothing but its tests, the specs and the
  // benchmarks import e2e/.
  harness: ['@main', 'preload', '@renderer', '@contract', 'catalogue/entry', 'sqlite', '@packages'],
  e2e: [
    'harness',
    'main:test',
    'shared:test',
    '@main',
    'preload',
    '@renderer',
    '@contract',
    'catalogue/entry',
    'sqlite',
    'vitest',
    '@packages',
  ],
  // Benchmarks and scripts drive the core and the renderer through the harness, as the specs do.
  tools: [
    'e2e',
    'harness',
    'main:test',
    'shared:test',
    '@main',
    'preload',
    '@renderer',
    '@contract',
    'catalogue/entry',
    'sqlite',
    'vitest',
    '@packages',
  ],
};

/** Bare imports: npm packages and Node built-ins, first match wins. */
export const modules = [
  { layer: 'electron', test: /^(electron|electron-updater)(\/|$)/ },
  { layer: 'sqlite', test: /^better-sqlite3(\/|$)/ },
  { layer: 'zod', test: /^zod(\/|$)/ },
  { layer: 'vitest', test: /^vitest(\/|$)/ },
  { layer: 'node/files', test: /^(node:)?(fs|path|url)$/ },
  { layer: 'node', test: /^node:/ },
  { layer: 'npm', test: /./ },
];

const domains = groups.domains;

/** Expands `@group` names, and lets a domain's row reach the store/ folders of what it may use. */
const expand = (names) =>
  names.flatMap((name) => (name.startsWith('@') ? expand(groups[name.slice(1)] ?? []) : [name]));

/** Every layer `layer` may import, itself included. */
export function allowedOf(layer, table = layers) {
  const [domain, part] = layer.split('/');
  if (part === 'store' && domains.includes(domain) && table[layer] === undefined)
    return new Set([...allowedOf(domain, table), 'sqlite']);
  const own = expand(table[layer] ?? []);
  const withStores = [layer, ...own].flatMap((name) =>
    domains.includes(name) ? [name, `${name}/store`] : [name],
  );
  return new Set(withStores);
}

/** Product folders of src-main in the order of the table. */
const mainFolders = ['base', ...groups.stores, ...domains, 'worker', 'ipc', 'core', 'shell'];

const isTest = (path) => /\.test\.ts$/.test(path) || /(^|\/)testing(\/|$)/.test(path);

/**
 * The layer of a file of the repository, by its path from the root (`src-main/tracking/x.ts`);
 * undefined for a file outside every layer (configuration at the root).
 */
export function layerOfPath(path) {
  const [top = '', second = ''] = path.split('/');
  const rest = path.slice(top.length + 1);
  switch (top) {
    case 'src-shared':
      if (isTest(rest)) return 'shared:test';
      return /^ipc\/handlers(\.ts)?$/.test(rest) ? 'shared/handlers' : 'shared';
    case 'src-main':
      if (isTest(rest)) return second === 'shell' ? 'shell:test' : 'main:test';
      if (/^shell\/main(\.ts)?$/.test(rest)) return 'shell/demo';
      if (!mainFolders.includes(second)) return undefined;
      if (domains.includes(second) && /(^|\/)store(\/|$)/.test(rest.slice(second.length)))
        return `${second}/store`;
      return second;
    case 'src-preload':
      return 'preload';
    case 'src-renderer':
      return ['views', 'components', 'lib'].includes(second) ? `renderer/${second}` : 'renderer';
    case 'catalogue':
      if (isTest(rest)) return 'catalogue:test';
      return /^(index(\.ts)?)?$/.test(rest) ? 'catalogue/entry' : 'catalogue';
    case 'e2e':
      return second === 'harness' && !isTest(rest) ? 'harness' : 'e2e';
    case 'bench':
    case 'scripts':
      return 'tools';
    default:
      return undefined;
  }
}

/** The layer of a bare import (`zod`, `node:fs`, `electron`). */
export function layerOfModule(specifier) {
  return modules.find((entry) => entry.test.test(specifier))?.layer ?? 'npm';
}

/** The table as printed in docs/architecture.md: the groups, then one row per layer. */
export function layerTable() {
  const row = (name, uses) => `| ${name} | ${uses.join(', ')} |`;
  return [
    '| group | means |',
    '| --- | --- |',
    ...Object.entries(groups).map(([name, members]) => row(`@${name}`, members)),
    '',
    '| layer | may import |',
    '| --- | --- |',
    ...Object.entries(layers).map(([name, uses]) => row(name, uses)),
  ].join('\n');
}
