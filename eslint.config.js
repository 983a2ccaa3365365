import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';
import layerPlugin from './scripts/eslint/layer-rule.js';

// Which layer may import which is one table (scripts/eslint/layers.js, printed in
// docs/architecture.md), enforced by one rule: marquee/layers.
const layered = [
  'src-shared/**/*.ts',
  'src-main/**/*.ts',
  'src-preload/**/*.ts',
  'src-renderer/**/*.ts',
  'src-renderer/**/*.svelte',
  'catalogue/**/*.ts',
  'e2e/**/*.ts',
  'bench/**/*.ts',
  'scripts/**/*.ts',
  'scripts/**/*.js',
  'scripts/**/*.mjs',
];

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

  {
    files: layered,
    plugins: { marquee: layerPlugin },
    rules: {
      'marquee/layers': ['error', { root: import.meta.dirname }],
      // A file a newcomer can read in one sitting: product, tests, catalogue and bench alike.
      'max-lines': ['error', { max: 400 }],
    },
  },
);
