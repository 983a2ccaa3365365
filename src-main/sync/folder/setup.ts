import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode } from '../../base/errors';
import {
  SyncKeyError,
  createFolderKey,
  openFolderKey,
  productionKdf,
  type FolderKey,
  type KdfParams,
} from './crypto';
import { exists, folderError, nodeFolderFs, type FolderFs } from './folder-fs';
import { APP_DIR, DEVICES_DIR, FOLDER_JSON } from './names';

/** The parsed `Marquee/folder.json` of a sync folder, or null when the folder has none yet. */
export async function readFolderJson(root: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(join(root, APP_DIR, FOLDER_JSON), 'utf8')) as unknown;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    if (error instanceof SyntaxError)
      throw new SyncKeyError('bad-folder', 'The sync folder’s settings file is damaged.');
    throw folderError(error);
  }
}

/**
 * Joins the folder the person picked with their passphrase: opens its key when another computer
 * set it up, else sets it up (`Marquee/folder.json` and `Marquee/devices/`). Two computers setting
 * up at once cannot both win: `folder.json` is created only if absent, and the loser opens the
 * winner's, so a different passphrase is refused rather than splitting the folder in two.
 */
export async function joinFolder(
  root: string,
  passphrase: string,
  options: { kdf?: KdfParams; fs?: FolderFs } = {},
): Promise<{ key: FolderKey; secret: Buffer; created: boolean }> {
  if (!(await exists(root)))
    throw folderError(Object.assign(new Error('missing'), { code: 'ENOENT' }));
  const existing = await readFolderJson(root);
  if (existing !== null) return { ...(await openFolderKey(passphrase, existing)), created: false };
  const made = await createFolderKey(passphrase, options.kdf ?? productionKdf);
  const fs = options.fs ?? nodeFolderFs;
  try {
    await mkdir(join(root, APP_DIR, DEVICES_DIR), { recursive: true });
    const text = `${JSON.stringify(made.folderJson, null, 2)}\n`;
    await fs.writeNew(join(root, APP_DIR, FOLDER_JSON), Buffer.from(text, 'utf8'));
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw folderError(error);
    const winner = await readFolderJson(root);
    return { ...(await openFolderKey(passphrase, winner)), created: false };
  }
  return { key: made.key, secret: made.secret, created: true };
}
