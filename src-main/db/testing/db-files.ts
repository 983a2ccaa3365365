import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh temporary folder for one test's database files; removed by the returned cleanup. */
export function tempDir(prefix = 'marquee-db-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    cleanup: () => {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Overwrites `count` pages of a database file, starting at page `first` (1-based), with garbage. */
export function garblePages(file: string, first: number, count: number, pageSize = 4096): void {
  const fd = fs.openSync(file, 'r+');
  try {
    const garbage = Buffer.alloc(pageSize * count);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 131 + 7) & 0xff;
    fs.writeSync(fd, garbage, 0, garbage.length, (first - 1) * pageSize);
  } finally {
    fs.closeSync(fd);
  }
}

export function pageCount(file: string, pageSize = 4096): number {
  return Math.floor(fs.statSync(file).size / pageSize);
}
