import fs from 'node:fs';

/** How much of a file is looked at to tell a Marquee backup. */
const HEAD_BYTES = 256;
/** How every backup Marquee writes begins (`backupFile`): its format named first. */
const BACKUP_HEAD = /^\uFEFF?\s*\{\s*"format"\s*:\s*"marquee-backup"/;

/**
 * Whether a picked file is, by its first bytes, a Marquee backup as Marquee writes it: such a
 * file is read off the main thread. Anything else (a zip, a folder, a backup whose keys were
 * reordered) is read by the readers as always, which tell every format apart.
 */
export function looksLikeBackup(input: { bytes: Uint8Array } | { path: string }): boolean {
  let head: Uint8Array;
  if ('bytes' in input) head = input.bytes.subarray(0, HEAD_BYTES);
  else {
    let fd: number | undefined;
    try {
      if (!fs.statSync(input.path).isFile()) return false;
      fd = fs.openSync(input.path, 'r');
      const buffer = Buffer.alloc(HEAD_BYTES);
      head = buffer.subarray(0, fs.readSync(fd, buffer, 0, HEAD_BYTES, 0));
    } catch {
      return false;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }
  return BACKUP_HEAD.test(new TextDecoder().decode(head));
}
