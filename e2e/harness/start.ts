import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore } from '../../src-main/core/core';
import { createLogger } from '../../src-main/core/log';
import { resolveTmdbSetup } from '../../src-main/shell/demo';
import { startHarness } from './server';

/**
 * `npm run start:browser`: Marquee's core behind the browser harness. With TMDB_ACCESS_TOKEN or
 * TMDB_API_KEY set it talks to TMDB; without, to the local demo catalogue. Prints the one address
 * that opens the app and runs until SIGINT or SIGTERM.
 */
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const log = createLogger((line) => process.stderr.write(`${line}\n`), 'info');

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}

function dataDir(): string {
  const chosen = process.env.MARQUEE_DATA_DIR?.trim();
  if (chosen) {
    mkdirSync(chosen, { recursive: true });
    return resolve(chosen);
  }
  return mkdtempSync(join(tmpdir(), 'marquee-browser-'));
}

const setup = await resolveTmdbSetup(process.env, () => import('../catalogue/server'));
const core = createCore({
  dataDir: dataDir(),
  app: { name: 'Marquee', version: readVersion(), platform: process.platform },
  tmdb: setup.tmdb,
  log,
});
const harness = await startHarness({ core, rendererDir: join(root, 'out/renderer'), log });

process.stdout.write(
  [
    '',
    `Marquee is running in the browser harness. Open:`,
    `  ${harness.url}`,
    setup.tmdb.demo
      ? 'No TMDB_ACCESS_TOKEN or TMDB_API_KEY is set: Marquee is using its local demo catalogue.'
      : `Using TMDB at ${setup.tmdb.apiBase}.`,
    'Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info('harness.stopping', { signal });
  await harness.close();
  await core.close();
  await setup.stop();
  process.exit(0);
}
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
