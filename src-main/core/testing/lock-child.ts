/**
 * Child process of the folder-lock race test. For each line `go <folder>` on stdin it tries to take
 * that folder's lock at once and prints `{"won":true}` or `{"won":false,"owner":<pid>}`; for the
 * line `release` it lets go of what it holds and prints `{"released":true}`.
 */
import { createInterface } from 'node:readline';
import { acquireFolderLock, FolderInUseError, type FolderLock } from '../folder-lock';

const say = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value)}\n`);
};

let lock: FolderLock | undefined;
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.startsWith('go ')) {
    try {
      lock = acquireFolderLock(line.slice(3));
      say({ won: true });
    } catch (error) {
      if (error instanceof FolderInUseError) say({ won: false, owner: error.ownerPid });
      else say({ error: error instanceof Error ? error.message : String(error) });
    }
  } else if (line === 'release') {
    lock?.release();
    lock = undefined;
    say({ released: true });
  }
});
say({ ready: true });
