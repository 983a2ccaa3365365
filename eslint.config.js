import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

const layer = (files, patterns, paths = [], ignores = []) => ({
  files,
  ...(ignores.length > 0 ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { patterns, paths }] },
});

const noElectron = {
  // electron-updater too: updates run only in the desktop shell, never in the harness or a test core.
  group: ['electron', 'electron/*', 'electron-updater'],
  message: 'Only src-main/shell and src-preload may import electron (and electron-updater).',
};
const noRenderer = {
  group: ['**/src-renderer/**'],
  message: 'The shell never imports the renderer.',
};
const noE2e = {
  group: ['**/e2e/**', '**/e2e'],
  message: 'Nothing imports e2e/: it holds the browser harness, specs and page objects only.',
};
const noCatalogueInternals = {
  group: ['**/catalogue/*', '!**/catalogue/index', '**/catalogue/*/**'],
  message: 'Import the demo catalogue through its entry point, catalogue/index.ts.',
};
const noCatalogue = {
  group: ['**/catalogue', '**/catalogue/**'],
  message:
    "Product code reaches the demo catalogue only from the shell's demo wiring (src-main/shell/main.ts).",
};
// Test support lives in a `testing/` folder beside the code it supports, and only tests and other
// test support import it (so the production bundle never reaches it). Tests and test support may
// start the demo catalogue as a stand-in for TMDB.
const testSupport = ['**/*.test.ts', '**/testing/**'];
const noTesting = {
  group: ['**/testing', '**/testing/**'],
  message: 'testing/ folders hold test support: only tests and other test support import them.',
};
// The one product file that starts the demo catalogue (npm start with no TMDB token).
const demoWiring = ['src-main/shell/main.ts'];
const catalogueOnlyShared = {
  group: ['**/src-main/**', '**/src-renderer/**', '**/src-preload/**', '**/bench/**'],
  message: 'The demo catalogue depends only on src-shared (the TMDB contract).',
};

// Inside src-main, layers run one way (DESIGN.md §2, as VS Code's base → platform → workbench):
//   base → stores and clients → domains → ipc (guard, handlers by domain) → core (wiring) → shell.
// Product files import only the layers below their own; stores and clients not even each other.
// Tests and test support may reach higher, to wire an end-to-end check.
const mainStores = ['tmdb', 'db', 'credentials', 'settings'];
const mainDomains = ['cache', 'library', 'tracking', 'import', 'stats', 'auth'];
const noMainFolders = (folders, message) => ({
  regex: `^(\\.\\./)+(src-main/)?(${folders.join('|')})(/|$)`,
  message,
});
const noHandlerTypes = {
  group: ['**/src-shared/ipc/handlers'],
  message: 'Handler types are for src-main/ipc: below it, code speaks in domain terms.',
};
// SQL lives in db/ and in the store/ folder of each domain; everything above calls store methods.
const noSql = {
  group: ['better-sqlite3', 'better-sqlite3/*'],
  message: 'SQL lives only in db/ and in a domain’s store/ folder: call a store method instead.',
};
const mainProduct = [noElectron, noE2e, noCatalogue, noTesting];
const mainLayers = [
  {
    files: ['src-main/base/**/*.ts'],
    forbid: [
      noSql,
      noHandlerTypes,
      noMainFolders(
        [...mainStores, ...mainDomains, 'ipc', 'core', 'shell'],
        'base/ is used by everything and uses nothing of src-main.',
      ),
    ],
  },
  ...mainStores.map((store) => ({
    files: [`src-main/${store}/**/*.ts`],
    forbid: [
      ...(store === 'db' ? [] : [noSql]),
      noHandlerTypes,
      noMainFolders(
        [...mainStores.filter((other) => other !== store), ...mainDomains, 'ipc', 'core', 'shell'],
        'Stores and clients (tmdb, db, credentials, settings) import only base/.',
      ),
    ],
  })),
  {
    files: mainDomains.map((domain) => `src-main/${domain}/**/*.ts`),
    ignores: mainDomains.map((domain) => `src-main/${domain}/**/store/**`),
    forbid: [
      noSql,
      noHandlerTypes,
      noMainFolders(
        ['ipc', 'core', 'shell'],
        'Domains use stores and base/: never the IPC handlers, the core or the shell.',
      ),
    ],
  },
  {
    files: mainDomains.map((domain) => `src-main/${domain}/**/store/**/*.ts`),
    forbid: [
      noHandlerTypes,
      noMainFolders(
        ['ipc', 'core', 'shell'],
        'Domains use stores and base/: never the IPC handlers, the core or the shell.',
      ),
    ],
  },
  {
    files: ['src-main/ipc/**/*.ts'],
    forbid: [
      noSql,
      noMainFolders(['core', 'shell'], 'The IPC handlers call domains; the core wires them.'),
    ],
  },
  {
    files: ['src-main/core/**/*.ts'],
    forbid: [noSql, noMainFolders(['shell'], 'The core runs in plain Node, without the shell.')],
  },
];

// The renderer runs one way, views → components → lib (src-renderer/README.md): lib (state, api
// access, formatting) knows no UI, and shared components know no view.
const rendererBase = [
  {
    group: ['**/src-main/**', '**/src-preload/**'],
    message: 'The renderer talks to main only through window.api.',
  },
  {
    group: ['electron', 'electron/*', 'node:*'],
    message: 'The renderer is a sandboxed web page.',
  },
  noE2e,
  noCatalogue,
];
const rendererNoViews = {
  group: ['**/views', '**/views/**', '**/App.svelte'],
  message: 'Only App.svelte and views/ import views: components and lib never do.',
};
const rendererNoComponents = {
  group: ['**/components', '**/components/**'],
  message: 'lib/ holds state, api access and helpers: it imports no components.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'test-results/',
      'playwright-report/',
      'bench/results.json',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...svelte.configs['flat/recommended'],
  prettier,
  ...svelte.configs['flat/prettier'],
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { parser: tseslint.parser, svelteConfig },
    },
    rules: {
      // TMDB text is rendered as text, never as HTML.
      'svelte/no-at-html-tags': 'error',
    },
  },
  {
    files: ['src-renderer/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },

  // Layering, enforced (docs/architecture.md). For one file ESLint applies the last matching
  // `no-restricted-imports`, so each group of files below states its whole list.
  // - only the Electron shell (src-main/shell) and the preload import `electron`;
  // - src-shared is the contract: it imports zod and itself, nothing else;
  // - the renderer never imports src-main, the preload or Node;
  // - the preload carries no zod and no logic beyond forwarding;
  // - e2e/ (harness, specs, page objects) is imported by nothing;
  // - the demo catalogue (catalogue/) is a package of its own: product code reaches it only from
  //   the shell's demo wiring, through its one entry point `catalogue/index.ts`.
  // Benchmarks drive the renderer through the browser harness, as the specs do.
  layer(['bench/**/*.ts', 'scripts/**/*.ts'], [noElectron, noCatalogueInternals]),
  layer(['src-main/**/*.ts'], [noElectron, noE2e, noCatalogueInternals]),
  layer(['src-main/**/*.ts'], mainProduct, [], [...testSupport, ...demoWiring]),
  ...mainLayers.map(({ files, ignores = [], forbid }) =>
    layer(files, [...mainProduct, ...forbid], [], [...testSupport, ...ignores]),
  ),
  layer(['src-main/shell/**/*.ts'], [noRenderer, noE2e, noCatalogueInternals]),
  layer(
    ['src-main/shell/**/*.ts'],
    [noRenderer, noE2e, noCatalogue, noTesting, noSql],
    [],
    [...testSupport, ...demoWiring],
  ),
  layer(demoWiring, [noRenderer, noE2e, noCatalogueInternals, noTesting, noSql]),
  layer(['e2e/**/*.ts'], [noElectron, noCatalogueInternals]),
  layer(['catalogue/**/*.ts'], [noElectron, noE2e, catalogueOnlyShared]),
  layer(
    ['catalogue/**/*.ts'],
    [noElectron, noE2e, catalogueOnlyShared, noTesting],
    [],
    testSupport,
  ),
  layer(['e2e/harness/**/*.ts'], [noElectron, noCatalogueInternals, noTesting], [], testSupport),
  layer(
    ['src-shared/**/*.ts'],
    [
      {
        regex: '^(?!zod(/|$)|\\.\\.?/|vitest$|node:(fs|path|url)$)',
        message: 'src-shared imports only zod (tests may also read fixtures).',
      },
      {
        group: [
          '**/src-main/**',
          '**/src-renderer/**',
          '**/src-preload/**',
          '**/e2e/**',
          '**/catalogue/**',
          '**/catalogue',
        ],
        message: 'src-shared depends on nothing but zod.',
      },
    ],
  ),
  layer(
    ['src-shared/**/*.ts'],
    [
      { regex: '^(?!zod(/|$)|\\.\\.?/)', message: 'src-shared imports only zod.' },
      {
        group: [
          '**/src-main/**',
          '**/src-renderer/**',
          '**/src-preload/**',
          '**/e2e/**',
          '**/catalogue/**',
          '**/catalogue',
        ],
        message: 'src-shared depends on nothing but zod.',
      },
    ],
    [],
    ['src-shared/**/*.test.ts'],
  ),
  layer(['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'], rendererBase),
  layer(
    ['src-renderer/components/**/*.ts', 'src-renderer/components/**/*.svelte'],
    [...rendererBase, rendererNoViews],
  ),
  layer(
    ['src-renderer/lib/**/*.ts', 'src-renderer/lib/**/*.svelte'],
    [...rendererBase, rendererNoViews, rendererNoComponents],
  ),
  layer(
    ['src-preload/**/*.ts'],
    [
      { group: ['zod', 'zod/*'], message: 'The preload stays small: validation happens in main.' },
      {
        group: ['**/src-main/**', '**/src-renderer/**', '**/e2e/**', '**/catalogue/**'],
        message: 'The preload imports only the zod-free channel list.',
      },
    ],
  ),
);
