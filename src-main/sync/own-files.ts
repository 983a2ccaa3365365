import { namesIn } from './folder/folder-fs';
import { deviceDirOf, parseFileName } from './folder/names';

/**
 * How many of this computer's files in the folder carry a number this library has not reached
 * (`next` is the number its next file takes): this library did not write them. Another
 * installation with the same device id did (a data folder copied to a second place on the same
 * computer, which keeps its id), or this one did before its library was restored from an older
 * backup. A compaction merges their changes back either way; only the first keeps happening.
 */
export async function ownFilesNotWritten(
  root: string,
  device: string,
  next: number,
): Promise<number> {
  const names = await namesIn(deviceDirOf(root, device)).catch(() => []);
  return names.filter((name) => {
    const parsed = parseFileName(name);
    return (parsed.kind === 'segment' || parsed.kind === 'snapshot') && parsed.number >= next;
  }).length;
}
