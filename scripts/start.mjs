#!/usr/bin/env node
// `npm start`: builds Marquee and runs it. With the Electron binary present (or downloadable) it
// starts the desktop app; the app itself switches to its built-in demo catalogue when no TMDB
// token is configured. Where Electron cannot be installed (no access to its download host), it
// says so and serves the same app in the browser harness instead, so `npm start` always runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const electronDir = join(root, 'node_modules', 'electron');

/** The Electron executable, without requiring the package (which would start a download). */
function electronBinary() {
  if (process.env.ELECTRON_PATH && existsSync(process.env.ELECTRON_PATH))
    return process.env.ELECTRON_PATH;
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

function tryInstallElectron() {
  if (!existsSync(join(electronDir, 'install.js'))) return false;
  console.log('Marquee: fetching the Electron runtime (once)…');
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.status !== 0) {
    const why = (result.stderr ?? '').split('\n').find((line) => line.trim() !== '') ?? 'no answer';
    console.log(`Marquee: the download did not work (${why.trim()}).`);
  }
  return result.status === 0;
}

function run(command, args, env = process.env) {
  const child = spawn(command, args, { stdio: 'inherit', env, cwd: root });
  const stop = (signal) => child.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
}

let binary = electronBinary();
if (!binary && process.env.MARQUEE_NO_ELECTRON !== '1' && tryInstallElectron())
  binary = electronBinary();

if (binary) {
  run(binary, [root]);
} else {
  console.log(
    [
      'Marquee: the Electron runtime is not installed and could not be downloaded on this machine.',
      'Starting the same app in the browser harness instead (open the URL printed below).',
    ].join('\n'),
  );
  const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  run(process.execPath, [tsx, join(root, 'e2e', 'harness', 'start.ts')]);
}
