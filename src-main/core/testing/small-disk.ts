import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Mounts a small tmpfs (root only); the reason instead where this machine does not allow it. */
export function smallDisk(size = '1m'): { dir: string; unmount: () => void } | { skip: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { skip: `mounting a tmpfs is not permitted here: ${String(error).slice(0, 120)}` };
  }
  return {
    dir,
    unmount: () => {
      execFileSync('umount', [dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Writes `file` until the disk refuses (ENOSPC), then gives `leave` bytes back: what is free
 * afterwards is `leave` bytes, give or take less than one block.
 */
export function fill(file: string, leave = 0): void {
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(4096, 1);
  let written = 0;
  try {
    for (;;) written += fs.writeSync(fd, chunk);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOSPC')) throw error;
  } finally {
    fs.closeSync(fd);
  }
  if (leave > 0) fs.truncateSync(file, Math.max(0, written - leave));
}
