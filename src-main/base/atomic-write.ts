import { randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The step that makes the new file visible; replaceable so tests can make it fail. */
export interface AtomicWriteOps {
  rename(from: string, to: string): Promise<void>;
}

const defaultOps: AtomicWriteOps = { rename };

/** Temporary files of `file` start with this, so a clean-up can find ones a crash left behind. */
export function tempPrefix(file: string): string {
  return `.${basename(file)}.`;
}

/**
 * Replaces `file` with `data` so that a reader (or a crash) sees either the old content or the new,
 * never a mix: write a 0600 temp file in the same folder, fsync it, rename it over the target,
 * then fsync the folder so the rename itself survives a power cut.
 */
export async function writeFileAtomic(
  file: string,
  data: string,
  ops: AtomicWriteOps = defaultOps,
): Promise<void> {
  const dir = dirname(file);
  const temp = join(dir, `${tempPrefix(file)}${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', 0o600);
    await handle.writeFile(data, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await ops.rename(temp, file);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(dir);
}

async function syncFolder(dir: string): Promise<void> {
  // Windows cannot open a folder for fsync, and its rename is already durable enough (MoveFileEx).
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
