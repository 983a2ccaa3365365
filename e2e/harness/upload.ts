import type { Logger } from '../../src-main/base/log';
import { toIpcError } from '../../src-main/ipc/guard';
import type { IpcError } from '../../src-shared/ipc/errors';
import { redact } from '../../src-shared/redact';

/** The longest file name the upload accepts, in characters (most file systems stop at 255 bytes). */
export const MAX_FILE_NAME = 255;

/**
 * The file's name from the `x-file-name` header, which the bridge script sends percent-encoded
 * (headers carry only Latin-1). Only the last path segment is kept: the name labels the import,
 * it never picks a place on disk.
 */
export function uploadedFileName(
  header: string | string[] | undefined,
): string | { error: string } {
  if (typeof header !== 'string' || header.trim() === '') {
    return { error: 'The upload has no file name (x-file-name header).' };
  }
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    return { error: 'The upload’s file name is not valid percent-encoded text.' };
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    return { error: 'The upload’s file name contains control characters.' };
  }
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  if (base === '' || base === '.' || base === '..') {
    return { error: 'The upload’s file name is empty.' };
  }
  if (base.length > MAX_FILE_NAME) {
    return { error: `The upload’s file name is longer than ${MAX_FILE_NAME} characters.` };
  }
  return base;
}

/**
 * What the page is told when staging failed: a file the readers refuse (ImportFileError) says
 * why in the user's terms; coded errors pass as the guard passes them; anything else is logged
 * and answered as `internal`, without details.
 */
export function uploadFailure(error: unknown, log: Logger): IpcError {
  if (error instanceof Error && error.name === 'ImportFileError') {
    return { code: 'invalid_input', message: redact(error.message) };
  }
  return toIpcError(error, 'upload', log);
}
