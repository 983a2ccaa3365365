import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  generate,
  newApiKey,
  syncthingEnv,
  writeConfig,
  type Peer,
} from './syncthing-config';
import { sleep, until } from './syncthing-wait';

export { syncthingMissing } from './syncthing-config';
export * from './syncthing-wait';

/*
 * Real Syncthing instances for tests: N processes on loopback, each with its own home (keys,
 * config, index database) and its own copy of one shared folder, every device introduced to
 * every other by its static address. Stopping and starting an instance keeps its state, as a
 * computer switched off and on. `cleanup()` kills whatever still runs and removes the files;
 * processes left at exit are killed too, so a failed test leaves none behind.
 *
 *   const cluster = await createSyncthingCluster({ count: 2 }); // started, sharing one folder
 *   afterAll(() => cluster.cleanup());
 *   const [a, b] = [cluster.instance(0), cluster.instance(1)];
 *   await waitUntilConnected([a, b]);
 *   fs.writeFileSync(a.file('x'), '…');
 *   await waitForFile(b, 'x');
 *
 * What Syncthing 1.19.2 leaves in a shared folder besides the files people put there (seen by
 * syncthing.test.ts; a reader of the folder must skip all of them):
 * - `.stfolder/` at the root, the folder marker (created here before the first start);
 * - `.syncthing.<name>.tmp` beside a file while it is being received (kept up to a day when a
 *   transfer stops half-way); the file appears under its own name only once complete;
 * - `<base>.sync-conflict-<YYYYMMDD>-<HHMMSS>-<7 characters>.<ext>` when two devices changed one
 *   file while apart: the newer change keeps the name, the older one is kept under this name on
 *   both (e.g. `register.sync-conflict-20261127-094425-V43FF5Z.txt`; the time is the local time of
 *   the copy, the 7 characters begin a device id, here the winning device's);
 * - a file written under a temporary name and renamed before Syncthing scans it (the watcher
 *   waits 1 s here) travels only under its final name; one left longer under the temporary name
 *   travels under it too, and is deleted everywhere after the rename.
 */

/*
 * `syncthing serve` is a monitor process running Syncthing itself as its child; each runs here in
 * a process group of its own (Syncthing's low-priority mode, which moves the child to another
 * group, is off), so killing the group ends both.
 */
const live = new Set<ChildProcess>();
const killGroup = (child: ChildProcess): void => {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group already ended.
  }
};
process.once('exit', () => {
  for (const child of live) killGroup(child);
});

export interface SyncthingInstance {
  readonly name: string;
  readonly deviceId: string;
  /** Holds config.xml, the keys and the index database. */
  readonly home: string;
  /** This instance's copy of the shared folder. */
  readonly folder: string;
  readonly folderId: string;
  readonly apiPort: number;
  readonly running: boolean;
  /** The absolute path of `relPath` inside this instance's folder. */
  file(relPath: string): string;
  start(): Promise<void>;
  /** Stop gracefully (SIGTERM), killing its process group if it has not ended within 15 s. */
  stop(): Promise<void>;
  /** Call the REST API; a non-2xx answer is an error. */
  rest<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
  /** The last lines Syncthing printed, for failure messages. */
  logTail(lines?: number): string;
}

class Instance implements SyncthingInstance {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private readonly log: string[] = [];

  constructor(
    readonly name: string,
    readonly deviceId: string,
    readonly home: string,
    readonly folder: string,
    readonly folderId: string,
    readonly apiPort: number,
    private readonly apiKey: string,
  ) {}

  get running(): boolean {
    return this.child !== null;
  }

  file(relPath: string): string {
    return path.join(this.folder, relPath);
  }

  logTail(lines = 40): string {
    return `--- syncthing ${this.name} (last lines) ---\n${this.log.slice(-lines).join('\n')}`;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(
      'syncthing',
      ['serve', `--home=${this.home}`, '--no-browser', '--no-restart', '--no-upgrade'],
      { env: syncthingEnv(this.home), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    this.child = child;
    live.add(child);
    const keep = (chunk: Buffer): void => {
      this.log.push(...chunk.toString('utf8').trimEnd().split('\n'));
      if (this.log.length > 400) this.log.splice(0, this.log.length - 400);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.log.push(`[exited: code ${code ?? '-'}, signal ${signal ?? '-'}]`);
        live.delete(child);
        if (this.child === child) this.child = null;
        resolve();
      });
    });
    const answered = await until(
      `syncthing ${this.name} to answer on its REST API`,
      async () => {
        if (this.child !== child) return false;
        const pong = await this.rest<{ ping?: string }>('GET', '/rest/system/ping');
        return pong.ping === 'pong' ? true : undefined;
      },
      60_000,
      () => this.logTail(),
    );
    if (!answered)
      throw new Error(`syncthing ${this.name} exited while starting\n${this.logTail()}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const ended = await Promise.race([this.exited.then(() => true), sleep(15_000)]);
    // Syncthing itself, the monitor's child, ends with the group if it is still there.
    killGroup(child);
    if (!ended) await this.exited;
  }

  async rest<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${this.apiPort}${route}`, {
      method,
      headers: {
        'X-API-Key': this.apiKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // A scan answers only once it is done; a busy machine can take a while.
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.trim()}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

export interface SyncthingCluster {
  readonly instances: SyncthingInstance[];
  readonly folderId: string;
  /** Where the homes and folders live (removed by cleanup). */
  readonly root: string;
  /** The instance at `index` (0 is "a", 1 is "b"…). */
  instance(index: number): SyncthingInstance;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stop (kill if needed) every instance and remove the root. Safe to call twice. */
  cleanup(): Promise<void>;
}

export interface ClusterOptions {
  /** How many instances (2 by default). */
  count?: number;
  folderId?: string;
  /** The shared folder's path for the instance at `index` (default `<root>/<name>/folder`). */
  folderPath?: (index: number, root: string) => string;
  /** Periodic full rescan, besides the file watcher (10 s by default). */
  rescanIntervalS?: number;
  /** Start every instance before returning (true by default). */
  start?: boolean;
}

/** Distinct free loopback ports, `count` of them. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** Keys, config and folder for `count` instances that know each other; none started. */
async function setUp(root: string, count: number, options: ClusterOptions): Promise<Instance[]> {
  const folderId = options.folderId ?? 'marquee-sync';
  const ports = await freePorts(2 * count);
  const made = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const name = String.fromCharCode(97 + i);
      const home = path.join(root, name, 'home');
      const { deviceId } = await generate(home);
      const self: Peer = { name, deviceId, listenPort: ports[2 * i] ?? 0 };
      return { self, home, apiPort: ports[2 * i + 1] ?? 0 };
    }),
  );
  return made.map(({ self, home, apiPort }, i) => {
    const apiKey = newApiKey();
    const folder = options.folderPath?.(i, root) ?? path.join(root, self.name, 'folder');
    writeConfig(home, {
      self,
      apiPort,
      apiKey,
      peers: made.map((other) => other.self).filter((peer) => peer !== self),
      folderId,
      folderPath: folder,
      rescanIntervalS: options.rescanIntervalS ?? 10,
    });
    return new Instance(self.name, self.deviceId, home, folder, folderId, apiPort, apiKey);
  });
}

/** Create (and by default start) `count` Syncthing instances sharing one folder. */
export async function createSyncthingCluster(
  options: ClusterOptions = {},
): Promise<SyncthingCluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-syncthing-'));
  let instances: Instance[] = [];
  let cleaned = false;
  const cluster: SyncthingCluster = {
    get instances() {
      return instances;
    },
    folderId: options.folderId ?? 'marquee-sync',
    root,
    instance: (index) => {
      const found = instances[index];
      if (!found) throw new Error(`no Syncthing instance ${index} (there are ${instances.length})`);
      return found;
    },
    start: async () => {
      await Promise.all(instances.map((instance) => instance.start()));
    },
    stop: async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
    },
    cleanup: async () => {
      if (cleaned) return;
      cleaned = true;
      await cluster.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    instances = await setUp(root, options.count ?? 2, options);
    if (options.start ?? true) await cluster.start();
  } catch (error) {
    await cluster.cleanup();
    throw error;
  }
  return cluster;
}
