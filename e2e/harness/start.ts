import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureWiring } from '../../src-main/capture/wiring';
import { createCore } from '../../src-main/core/core';
import {
  acquireFolderLock,
  FolderInUseError,
  type FolderLock,
} from '../../src-main/core/folder-lock';
import { createLogger } from '../../src-main/base/log';
import { loadKeytar, selectCredentialStore } from '../../src-main/credentials';
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

const setup = await resolveTmdbSetup(process.env, () => import('../../catalogue'));
const folder = dataDir();
// One Marquee per data folder, as the app's single-instance lock: two cores on one folder race.
let lock: FolderLock;
try {
  lock = acquireFolderLock(folder);
} catch (error) {
  if (!(error instanceof FolderInUseError)) throw error;
  process.stderr.write(`${error.message}\n`);
  await setup.stop();
  process.exit(1);
}
// The OS keychain when one answers; there is no Electron safeStorage here, so otherwise the
// session lives in memory for this run (never in a plaintext file).
const credentials = await selectCredentialStore({ loadKeytar, dataDir: folder, log });
const core = createCore({
  dataDir: folder,
  app: { name: 'Marquee', version: readVersion(), platform: process.platform },
  tmdb: setup.tmdb,
  // Demo mode offers the catalogue's sample exports for import.
  ...(setup.importSamples ? { imports: { samples: setup.importSamples } } : {}),
  log,
  credentials,
  // Play capture: the media servers' clients and the webhook listener.
  capture: captureWiring(),
  // Stats, exports and backups in a worker thread, as in the app (`start:browser` builds it).
  worker: { entry: join(root, 'out/main/worker.js') },
  // Demo mode: the catalogue's sample exports for the import view.
  ...(setup.importSamples ? { imports: { samples: setup.importSamples } } : {}),
  // No system browser to hand the page to from here: print it for the user to open.
  openExternal: (url) => {
    process.stdout.write(`\nTo sign in, open this page and approve Marquee:\n  ${url}\n\n`);
    return Promise.resolve();
  },
});
if (setup.demoHistory.length > 0) {
  // Demo mode: the demo account's history goes into a library that has none.
  const { seeded } = await core.seedHistory(setup.demoHistory);
  if (seeded > 0) log.info('harness.demo_history', { plays: seeded });
}
const harness = await startHarness({
  core,
  rendererDir: join(root, 'out/renderer'),
  log,
  serveImage: (path) => core.serveImage(path),
  // The browser has no open dialog main could show: the page uploads the file it picked.
  stageUpload: (name, bytes) => core.imports.stageBytes(name, bytes),
});

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
  lock.release();
  await setup.stop();
  process.exit(0);
}
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
