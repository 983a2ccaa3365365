import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The renderer's .svelte.ts state classes use runes, which need the Svelte compiler.
  plugins: [svelte({ configFile: resolve('svelte.config.js') })],
  test: {
    include: [
      'src-shared/**/*.test.ts',
      'src-main/**/*.test.ts',
      'src-preload/**/*.test.ts',
      'catalogue/**/*.test.ts',
      'e2e/harness/**/*.test.ts',
      'e2e/electron/**/*.test.ts',
      'scripts/**/*.test.ts',
      'src-renderer/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
