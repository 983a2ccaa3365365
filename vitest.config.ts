import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src-shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-preload/**/*.test.ts', 'e2e/catalogue/**/*.test.ts', 'e2e/harness/**/*.test.ts', 'e2e/electron/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
