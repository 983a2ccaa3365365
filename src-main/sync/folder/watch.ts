import { watch as fsWatch } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_DIR, DEVICES_DIR, isDeviceId } from './names';
import { namesIn } from './folder-fs';

/** What `fs.watch` returns, as far as watching needs it. */
export interface Watcher {
  close(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export type WatchFs = (
  path: string,
  options: { recursive: boolean },
  listener: (event: string, filename: string | null) => void,
) => Watcher;

export interface WatchOptions {
  /** Quiet time after the last event before `onChange` runs: a burst of files is one read. */
  debounceMs?: number;
  /** The longest an event waits, however long a burst lasts (a first sync of many files). */
  maxWaitMs?: number;
  /**
   * A slow look at the folder besides events, for folders whose changes raise none (network
   * shares) and for a folder that comes back (a drive plugged in again). 0 turns it off.
   */
  pollMs?: number;
  /** Recursive watching (macOS, Windows); elsewhere each device's directory is watched. */
  recursive?: boolean;
  watchFs?: WatchFs;
}

const nodeWatch: WatchFs = (path, options, listener) =>
  fsWatch(path, { recursive: options.recursive, persistent: false }, (event, filename) => {
    listener(event, filename);
  });

/** The files of other devices, by name, size and time: what a poll compares. */
async function fingerprint(devicesDir: string, own: string): Promise<string> {
  const parts: string[] = [];
  for (const device of await namesIn(devicesDir).catch(() => [])) {
    if (device === own) continue;
    for (const name of await namesIn(join(devicesDir, device)).catch(() => [])) {
      const info = await stat(join(devicesDir, device, name)).catch(() => null);
      parts.push(`${device}/${name}:${info?.size ?? -1}:${info?.mtimeMs ?? -1}`);
    }
  }
  return parts.sort().join('\n');
}

/**
 * Calls `onChange` (debounced) when another device's files may have changed; this device's own
 * writes are not news. Returns the function that stops watching.
 */
export function watchFolder(
  root: string,
  own: string,
  onChange: () => void,
  options: WatchOptions = {},
): () => void {
  const devicesDir = join(root, APP_DIR, DEVICES_DIR);
  const debounceMs = options.debounceMs ?? 300;
  const maxWaitMs = Math.max(debounceMs, options.maxWaitMs ?? 1000);
  const pollMs = options.pollMs ?? 60_000;
  const recursive = options.recursive ?? process.platform !== 'linux';
  const watchFs = options.watchFs ?? nodeWatch;
  const watchers = new Map<string, Watcher>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Set at the first event of a burst: the burst is answered by then at the latest. */
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const clear = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    if (deadline !== undefined) clearTimeout(deadline);
    timer = deadline = undefined;
  };
  const answer = (): void => {
    clear();
    if (!stopped) onChange();
  };
  const fire = (): void => {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(answer, debounceMs);
    timer.unref();
    if (deadline === undefined) {
      deadline = setTimeout(answer, maxWaitMs);
      deadline.unref();
    }
  };

  const watchDir = (path: string, deep: boolean, listener: (name: string | null) => void) => {
    if (stopped || watchers.has(path)) return;
    try {
      const watcher = watchFs(path, { recursive: deep }, (_event, name) => {
        listener(name);
      });
      // A directory removed or a drive gone: drop the watcher; the poll sets it again later.
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(path);
      });
      watchers.set(path, watcher);
    } catch {
      // Not there (yet): the poll tries again.
    }
  };

  const attach = async (): Promise<void> => {
    if (recursive) {
      watchDir(devicesDir, true, (name) => {
        if (name?.split(/[\\/]/)[0] !== own) fire();
      });
      return;
    }
    watchDir(devicesDir, false, (name) => {
      if (name === own) return;
      void attach();
      fire();
    });
    for (const device of await namesIn(devicesDir).catch(() => []))
      if (isDeviceId(device) && device !== own)
        watchDir(join(devicesDir, device), false, () => {
          fire();
        });
  };

  let last: string | null = null;
  let polling = false;
  const poll = async (): Promise<void> => {
    if (polling || stopped) return;
    polling = true;
    try {
      await attach();
      const now = await fingerprint(devicesDir, own);
      if (last !== null && now !== last) fire();
      last = now;
    } finally {
      polling = false;
    }
  };

  void attach();
  const interval =
    pollMs > 0
      ? setInterval(() => {
          void poll();
        }, pollMs)
      : undefined;
  interval?.unref();
  if (pollMs > 0) void poll();

  return () => {
    stopped = true;
    clear();
    if (interval !== undefined) clearInterval(interval);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}
