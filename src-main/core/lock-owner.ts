import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/**
 * Who holds a data-folder lock, as written inside the lock file: the process id, the host, a random
 * token unique to this acquisition, and where the system tells, the boot and the process's start
 * time, which together tell a still-running owner from a later process that reuses its pid.
 */
export interface LockOwner {
  pid: number;
  host: string;
  token: string;
  boot?: string;
  started?: string;
}

/** How the lock looks at processes; tests pass fakes, the real one asks the system. */
export interface ProcessProbe {
  host: string;
  /** This boot's identity, when the system has one (Linux). */
  boot: string | undefined;
  alive(pid: number): boolean;
  /** When `pid` started, as the system counts it (Linux); undefined where it cannot be read. */
  startedAt(pid: number): string | undefined;
}

const readTrimmed = (file: string): string | undefined => {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return text === '' ? undefined : text;
  } catch {
    return undefined;
  }
};

export const systemProbe = (): ProcessProbe => ({
  host: os.hostname(),
  boot: readTrimmed('/proc/sys/kernel/random/boot_id'),
  alive: (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: the process exists but belongs to someone else; only ESRCH says it is gone.
      return !(error instanceof Error && 'code' in error && error.code === 'ESRCH');
    }
  },
  startedAt: (pid) => {
    // /proc/<pid>/stat: field 22 (start time in clock ticks since boot) counts from the last ')',
    // since the command name in field 2 may itself hold spaces and brackets.
    const stat = readTrimmed(`/proc/${pid}/stat`);
    if (stat === undefined) return undefined;
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  },
});

export function newOwner(pid: number, probe: ProcessProbe): LockOwner {
  const started = probe.startedAt(pid);
  return {
    pid,
    host: probe.host,
    token: randomBytes(12).toString('hex'),
    ...(probe.boot === undefined ? {} : { boot: probe.boot }),
    ...(started === undefined ? {} : { started }),
  };
}

export const formatOwner = (owner: LockOwner): string => `${JSON.stringify(owner)}\n`;

/** The owner a lock file names: this version's JSON, or an older Marquee's bare pid. */
export function parseOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const pid = Number(trimmed);
    return pid > 0 ? { pid, host: '', token: '' } : undefined;
  }
  try {
    const value: unknown = JSON.parse(trimmed);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, host, token, boot, started } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
    if (typeof host !== 'string' || typeof token !== 'string' || token === '') return undefined;
    return {
      pid,
      host,
      token,
      ...(typeof boot === 'string' ? { boot } : {}),
      ...(typeof started === 'string' ? { started } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Whether the owner is provably gone. An owner on another host (a shared folder) is never judged
 * gone: its processes cannot be seen from here. A bare pid from an older Marquee names this host.
 */
export function ownerGone(owner: LockOwner, probe: ProcessProbe): boolean {
  if (owner.host !== '' && owner.host !== probe.host) return false;
  if (owner.boot !== undefined && probe.boot !== undefined && owner.boot !== probe.boot)
    return true;
  if (!probe.alive(owner.pid)) return true;
  // The pid runs, but a different process may have been given it since: compare start times.
  const started = owner.started === undefined ? undefined : probe.startedAt(owner.pid);
  return started !== undefined && started !== owner.started;
}
