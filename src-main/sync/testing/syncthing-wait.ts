import fs from 'node:fs';
import path from 'node:path';
import type { SyncthingInstance } from './syncthing';

/*
 * Waiting on real Syncthing instances: every wait polls (the file system or the REST API) until
 * its condition holds, and fails after a generous timeout with the instances' last log lines.
 * Nothing here asserts how long anything took.
 */

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Keep asking `check` until it gives a value, or fail after `timeoutMs` saying `what`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 60_000,
  logs: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const cause = last instanceof Error ? ` (last error: ${last.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}\n${logs()}`);
    }
    await sleep(150);
  }
}

const tails = (instances: SyncthingInstance[]) => (): string =>
  instances.map((instance) => instance.logTail()).join('\n');

interface Connections {
  connections: Record<string, { connected: boolean } | undefined>;
}

/** Wait until every pair of the given running instances is connected, both ways. */
export async function waitUntilConnected(
  instances: SyncthingInstance[],
  timeoutMs = 120_000,
): Promise<void> {
  const names = instances.map((instance) => instance.name).join(', ');
  await until(
    `${names} to be connected to each other`,
    async () => {
      for (const instance of instances) {
        const { connections } = await instance.rest<Connections>('GET', '/rest/system/connections');
        for (const other of instances) {
          if (other !== instance && !connections[other.deviceId]?.connected) return undefined;
        }
      }
      return true;
    },
    timeoutMs,
    tails(instances),
  );
}

/**
 * Wait until `relPath` exists in the instance's folder as a file whose content passes
 * `accept` (any content by default); gives that content.
 */
export async function waitForFile(
  instance: SyncthingInstance,
  relPath: string,
  accept: (content: Buffer) => boolean = () => true,
  timeoutMs = 60_000,
): Promise<Buffer> {
  return until(
    `${relPath} on ${instance.name}`,
    () => {
      let content: Buffer;
      try {
        content = fs.readFileSync(instance.file(relPath));
      } catch {
        return undefined;
      }
      return accept(content) ? content : undefined;
    },
    timeoutMs,
    tails([instance]),
  );
}

/** Wait until `relPath` no longer exists in the instance's folder. */
export async function waitForGone(
  instance: SyncthingInstance,
  relPath: string,
  timeoutMs = 60_000,
): Promise<void> {
  await until(
    `${relPath} to be gone from ${instance.name}`,
    () => (fs.existsSync(instance.file(relPath)) ? undefined : true),
    timeoutMs,
    tails([instance]),
  );
}

/** Rescan the shared folder now; answers once the scan is done. */
export async function scan(instance: SyncthingInstance): Promise<void> {
  await instance.rest('POST', `/rest/db/scan?folder=${encodeURIComponent(instance.folderId)}`);
}

interface FolderStatus {
  state: string;
  needTotalItems: number;
}
interface Completion {
  completion: number;
  needItems: number;
  needDeletes: number;
}

/**
 * A barrier: rescan every instance (so whatever was written before this call is seen), then
 * wait until each is idle, needs nothing, and sees every other one as complete.
 */
export async function waitUntilInSync(
  instances: SyncthingInstance[],
  timeoutMs = 90_000,
): Promise<void> {
  const first = instances[0];
  if (!first) return;
  await Promise.all(instances.map(scan));
  const folder = encodeURIComponent(first.folderId);
  await until(
    `${instances.map((instance) => instance.name).join(', ')} to be in sync`,
    async () => {
      for (const instance of instances) {
        const status = await instance.rest<FolderStatus>('GET', `/rest/db/status?folder=${folder}`);
        if (status.state !== 'idle' || status.needTotalItems !== 0) return undefined;
        for (const other of instances) {
          if (other === instance) continue;
          const device = encodeURIComponent(other.deviceId);
          const done = await instance.rest<Completion>(
            'GET',
            `/rest/db/completion?folder=${folder}&device=${device}`,
          );
          if (done.completion !== 100 || done.needItems !== 0 || done.needDeletes !== 0) {
            return undefined;
          }
        }
      }
      return true;
    },
    timeoutMs,
    tails(instances),
  );
}

/**
 * Pause (or resume) every given instance's connection to each other one. Syncthing 1.19 dials a
 * resumed device again only on its own connection loop (seen here: at once, or after 5 to 20 s),
 * so a test that needs devices apart and back quickly stops and starts them instead.
 */
export async function setApart(instances: SyncthingInstance[], apart: boolean): Promise<void> {
  const action = apart ? 'pause' : 'resume';
  for (const instance of instances) {
    for (const other of instances) {
      if (other === instance) continue;
      const device = encodeURIComponent(other.deviceId);
      await instance.rest('POST', `/rest/system/${action}?device=${device}`);
    }
  }
}

/** Every file under the instance's folder (relative, '/'-separated, sorted), markers apart. */
export function listFolder(instance: SyncthingInstance): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (rel === '.stfolder') continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), rel);
      else found.push(rel);
    }
  };
  walk(instance.folder, '');
  return found.sort();
}
