import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { errorCode } from '../../base/errors';
import { tempFileName } from './names';

/**
 * The writes the sync folder makes, replaceable so tests can fail them as a full disk would.
 * Reads go straight to node:fs: a read that fails is a problem of one file, never a half state.
 */
export interface FolderFs {
  /** Creates `path` (it must not exist) with `data`, flushed to the disk. */
  writeNew(path: string, data: Buffer): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

export const nodeFolderFs: FolderFs = {
  async writeNew(path, data) {
    let handle: FileHandle | undefined;
    try {
      handle = await open(path, 'wx', 0o600);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle?.close();
    }
  },
  rename,
  remove: (path) => rm(path, { force: true }),
};

/** Why the folder could not take a file; the message is one sentence for the sync status. */
export class SyncFolderError extends Error {
  constructor(
    readonly code: 'disk-full' | 'folder-missing' | 'write-failed',
    message: string,
    options?: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'SyncFolderError';
  }
}

export function folderError(error: unknown): SyncFolderError {
  if (error instanceof SyncFolderError) return error;
  const code = errorCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new SyncFolderError(
      'disk-full',
      'The disk of the sync folder is full; your changes are kept here and shared once there is room.',
      { cause: error },
    );
  if (code === 'ENOENT')
    return new SyncFolderError(
      'folder-missing',
      'The sync folder is not available; your changes are kept here and shared once it is back.',
      { cause: error },
    );
  return new SyncFolderError(
    'write-failed',
    `Marquee could not write to the sync folder (${code ?? 'unknown error'}); your changes are kept here.`,
    { cause: error },
  );
}

/** Whether a path exists; a missing drive or folder reads as false. */
export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes `file` appear with `data` all at once: written under a temporary name no reader reads,
 * flushed, then renamed. On any failure the temporary file is removed and nothing new is visible.
 */
export async function publish(fs: FolderFs, file: string, data: Buffer): Promise<void> {
  const dir = dirname(file);
  const temp = join(dir, tempFileName(file.slice(dir.length + 1), randomBytes(4).toString('hex')));
  try {
    await fs.writeNew(temp, data);
    await fs.rename(temp, file);
  } catch (error) {
    await fs.remove(temp).catch(() => undefined);
    throw folderError(error);
  }
  await syncDir(dir).catch(() => undefined);
}

async function syncDir(dir: string): Promise<void> {
  // Windows cannot open a folder for fsync; its rename is durable enough.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Names in a directory, or none when it does not exist. */
export async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return [];
    throw error;
  }
}
