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
  group: ['electron', 'electron/*'],
  message: 'Only src-main/shell and src-preload may import electron.',
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
// Test files and test support may start the demo catalogue as a stand-in for TMDB.
const testSupport = [
  '**/*.test.ts',
  '**/testing/**',
  'src-main/core/test-core.ts',
  'src-main/services/auth/test-stack.ts',
];
// The one product file that starts the demo catalogue (npm start with no TMDB token).
const demoWiring = ['src-main/shell/main.ts'];

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
  layer(
    ['src-main/**/*.ts'],
    [noElectron, noE2e, noCatalogue],
    [],
    [...testSupport, ...demoWiring],
  ),
  layer(['src-main/shell/**/*.ts'], [noRenderer, noE2e, noCatalogueInternals]),
  layer(
    ['src-main/shell/**/*.ts'],
    [noRenderer, noE2e, noCatalogue],
    [],
    [...testSupport, ...demoWiring],
  ),
  layer(['e2e/**/*.ts'], [noElectron, noCatalogueInternals]),
  layer(
    ['catalogue/**/*.ts'],
    [
      noElectron,
      noE2e,
      {
        group: ['**/src-main/**', '**/src-renderer/**', '**/src-preload/**', '**/bench/**'],
        message: 'The demo catalogue depends only on src-shared (the TMDB contract).',
      },
    ],
  ),
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
  layer(
    ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'],
    [
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
    ],
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
