import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/**
 * Which computer this is, as a short hash: the operating system's own machine id (Linux's
 * machine-id, the Mac's platform UUID, Windows' MachineGuid), or the host name where there is
 * none. The host name is not mixed in when an id exists: a Mac's changes with the network it is
 * on, and a new name must not make the same computer look like a copy of itself.
 *
 * The change log keeps it beside the device id: a data folder copied to another computer finds a
 * different one and takes a new device id (see `createChangePath`).
 */
export function machineFingerprint(
  platform: NodeJS.Platform = process.platform,
  hostname: () => string = os.hostname,
): string {
  const id = machineId(platform);
  return createHash('sha256')
    .update(id === null ? `host:${hostname()}` : `${platform}:${id}`)
    .digest('hex')
    .slice(0, 32);
}

function machineId(platform: NodeJS.Platform): string | null {
  try {
    switch (platform) {
      case 'darwin':
        return match(
          run('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice']),
          /"IOPlatformUUID"\s*=\s*"([^"]+)"/,
        );
      case 'win32':
        return match(
          run('reg', [
            'query',
            'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Cryptography',
            '/v',
            'MachineGuid',
          ]),
          /MachineGuid\s+REG_SZ\s+(\S+)/,
        );
      default:
        for (const file of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
          const id = readTrimmed(file);
          if (id !== null) return id;
        }
        return null;
    }
  } catch {
    return null;
  }
}

const run = (command: string, args: string[]): string =>
  execFileSync(command, args, { encoding: 'utf8', timeout: 2_000, windowsHide: true });

const match = (text: string, pattern: RegExp): string | null => pattern.exec(text)?.[1] ?? null;

function readTrimmed(file: string): string | null {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}
