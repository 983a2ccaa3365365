import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

const layer = (files, patterns, paths = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns, paths }] },
});

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

  // Layering, enforced (see DESIGN.md §2):
  // - only the Electron shell (src-main/shell) and the preload import `electron`;
  // - src-shared is the contract: it imports zod and itself, nothing else;
  // - the renderer never imports src-main, the preload or Node;
  // - the preload carries no zod and no logic beyond forwarding.
  layer(
    [
      'src-main/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      'src-renderer/**',
      'src-shared/**',
    ],
    [
      {
        group: ['electron', 'electron/*'],
        message: 'Only src-main/shell and src-preload may import electron.',
      },
    ],
  ),
  {
    files: ['src-main/shell/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src-renderer/**'], message: 'The shell never imports the renderer.' },
          ],
        },
      ],
    },
  },
  layer(
    ['src-shared/**/*.ts'],
    [
      {
        regex: '^(?!zod(/|$)|\\.\\.?/|vitest$|node:(fs|path|url)$)',
        message: 'src-shared imports only zod (tests may also read fixtures).',
      },
      {
        group: ['**/src-main/**', '**/src-renderer/**', '**/src-preload/**', '**/e2e/**'],
        message: 'src-shared depends on nothing but zod.',
      },
    ],
  ),
  {
    files: ['src-shared/**/*.ts'],
    ignores: ['src-shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod(/|$)|\\.\\.?/)', message: 'src-shared imports only zod.' },
            {
              group: ['**/src-main/**', '**/src-renderer/**', '**/src-preload/**', '**/e2e/**'],
              message: 'src-shared depends on nothing but zod.',
            },
          ],
        },
      ],
    },
  },
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
    ],
  ),
  layer(
    ['src-preload/**/*.ts'],
    [
      { group: ['zod', 'zod/*'], message: 'The preload stays small: validation happens in main.' },
      {
        group: ['**/src-main/**', '**/src-renderer/**'],
        message: 'The preload imports only the zod-free channel list.',
      },
    ],
  ),
);
