/**
 * What the heavy benchmarks share: a core on a copy of the large profile, called through its IPC
 * dispatch (the path a window's call takes), and the local catalogue in a process of its own so
 * its memory and work never count as the main process's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChannelName } from '../src-shared/ipc/channels';
import type { ChannelInput, ChannelOutput, ImportJobView } from '../src-shared/ipc/contract';
import { readTmdbConfig } from '../src-main/core/config';
import { createCore, type RunningCore } from '../src-main/core/core';
// The large profile's "now" (its PROFILE_NOW), from where it is defined: the memory walk is
// bundled to run in plain Node, and large-profile.ts generates a profile when run as a script.
import { NOW as PROFILE_NOW } from './stats-seed';

/** Where TMDB would be for a core that must answer from its own data: nothing listens there. */
export const NOWHERE = { apiBase: 'http://127.0.0.1:9/3', imageBase: 'http://127.0.0.1:9/t/p' };

export interface Remote {
  apiBase: string;
  imageBase: string;
  token?: string;
}

/**
 * A core on `dataDir` whose clock starts at the profile's "now" and runs at wall speed: nothing
 * cached or refreshed at generation looks old, so no background refresh starts on its own.
 */
export function profileCore(
  dataDir: string,
  remote: Remote = NOWHERE,
  /** The worker thread's script (a bundle of `src-main/worker/entry.ts`), as the shell passes it. */
  worker?: string,
): RunningCore {
  const t0 = performance.now();
  return createCore({
    dataDir,
    app: { name: 'Marquee', version: '0.1.0', platform: process.platform },
    tmdb: {
      ...readTmdbConfig({
        TMDB_API_BASE: remote.apiBase,
        TMDB_IMAGE_BASE: remote.imageBase,
        TMDB_ACCESS_TOKEN: remote.token ?? 'bench-token',
      }),
      demo: true,
    },
    clock: () => PROFILE_NOW + Math.floor(performance.now() - t0),
    // The periodic probe and refresh never fire during a measure; start-up's own work still runs.
    timers: { every: () => () => undefined },
    openExternal: () => Promise.resolve(),
    ...(worker === undefined ? {} : { worker: { entry: worker } }),
  });
}

const sender = { trusted: true, origin: 'bench' };

/** Calls a channel as a window does, and fails with the error text unless it succeeds. */
export async function call<C extends ChannelName>(
  core: RunningCore,
  channel: C,
  input?: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  const result = await core.dispatch(channel, input, sender);
  if (!result.ok)
    throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as ChannelOutput<C>;
}

/** Polls an import job (as the import view does) until it reaches one of `states`. */
export async function untilJob(
  core: RunningCore,
  jobId: string,
  states: ImportJobView['state'][],
  everyMs = 25,
): Promise<ImportJobView> {
  for (;;) {
    const job = await call(core, 'import.job', { jobId });
    if (states.includes(job.state)) return job;
    if (job.state === 'failed' || job.state === 'cancelled' || job.state === 'rolledBack')
      throw new Error(`the import ended ${job.state}: ${job.error ?? ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface ChildCatalogue extends Remote {
  token: string;
  close(): Promise<void>;
}

/** The local catalogue (`catalogue/cli.ts`) in a child process, clean data, `titles` of them. */
export function startChildCatalogue(titles: number): Promise<ChildCatalogue> {
  const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'catalogue', 'cli.ts');
  const child: ChildProcess = spawn(
    process.execPath,
    [...process.execArgv, cli, '--port', '0', '--titles', String(titles), '--clean'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => {
      reject(new Error(`the catalogue stopped (exit ${String(code)})`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const env = Object.fromEntries(
        out
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      if (!env.TMDB_DEMO_PASSWORD) return;
      resolve({
        apiBase: env.TMDB_API_BASE ?? '',
        imageBase: env.TMDB_IMAGE_BASE ?? '',
        token: env.TMDB_ACCESS_TOKEN ?? '',
        close: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => {
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
