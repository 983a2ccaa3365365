import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Bundles a test's child-process entry once into plain JavaScript, so each trial starts in plain
 * `node` instead of compiling TypeScript again. better-sqlite3 stays outside the bundle (a native
 * module) and is imported from where this project resolves it; packages written for CommonJS get
 * a `require` of their own.
 */
export async function bundleChild(entry: string, dir: string): Promise<string> {
  const esbuild = await import('esbuild');
  const sqlite = pathToFileURL(createRequire(import.meta.url).resolve('better-sqlite3')).href;
  const outfile = path.join(dir, `${path.basename(entry, '.ts')}.mjs`);
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    logLevel: 'error',
    // Packages written for CommonJS (yauzl, the zip reader) `require` Node's modules.
    banner: {
      js: "import { createRequire as __marqueeRequire } from 'node:module'; const require = __marqueeRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'native-sqlite',
        setup(build) {
          build.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: sqlite, external: true }));
        },
      },
    ],
  });
  return outfile;
}
