import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';

// Three bundles: the main process (ESM, native modules left external; with the worker thread's
// script), the preload (one CommonJS
// file, as a sandboxed renderer requires) and the renderer (Svelte 5, served from app://marquee).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // zod is bundled: loaded as a package it is about a hundred modules for the loader to find,
      // read and link at every start, before the first window.
      externalizeDeps: { exclude: ['zod', 'papaparse'] },
      // The worker thread's script is a second entry, emitted beside the main bundle as worker.js.
      lib: {
        entry: {
          index: resolve('src-main/shell/main.ts'),
          worker: resolve('src-main/worker/entry.ts'),
        },
      },
      rollupOptions: { external: ['better-sqlite3', 'keytar'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // The preload must be self-contained: a sandboxed preload cannot require node_modules.
      externalizeDeps: false,
      lib: { entry: resolve('src-preload/index.ts') },
      rollupOptions: {
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    base: './',
    plugins: [svelte({ configFile: resolve('svelte.config.js') })],
    build: {
      outDir: resolve('out/renderer'),
      emptyOutDir: true,
      minify: true,
      target: 'chrome130',
      rollupOptions: { input: resolve('src-renderer/index.html') },
    },
  },
});
