import { lstat, readFile, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ImportFileError } from '../rows';
import { formatBytes, formatCount, type ReadLimits } from './limits';
import { isCredentialFile } from './tvtime-fields';
import { isZip, readZip, READABLE_ENTRY, type SourceFile } from './zip';

export type ImportInput = { name: string; bytes: Uint8Array } | { path: string };

export interface Source {
  /** What the user picked, for messages: a file or folder name. */
  label: string;
  /** True for a single file picked on its own (its name then helps tell list kinds apart). */
  single: boolean;
  files: SourceFile[];
}

/** Folders Marquee does not descend into: hidden ones and dependency trees. */
const SKIPPED_FOLDER = /^(\.|node_modules$|__MACOSX$)/;
const MAX_DEPTH = 4;

async function fromBytes(name: string, bytes: Uint8Array, limits: ReadLimits): Promise<Source> {
  const label = basename(name) || 'The file';
  if (bytes.byteLength === 0) throw new ImportFileError(`${label} is empty.`);
  if (bytes.byteLength > limits.maxInputBytes)
    throw new ImportFileError(
      `${label} is ${formatBytes(bytes.byteLength)}, over Marquee's limit of ${formatBytes(limits.maxInputBytes)} for one import.`,
    );
  if (isZip(bytes)) {
    const files = await readZip(bytes, label, limits);
    return { label, single: false, files };
  }
  return { label, single: true, files: [{ name: label, bytes }] };
}

async function fromFolder(root: string, limits: ReadLimits): Promise<Source> {
  const label = basename(root) || root;
  const files: SourceFile[] = [];
  let seen = 0;
  let total = 0;
  const walk = async (dir: string, prefix: string, depth: number): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      seen += 1;
      if (seen > limits.maxEntries)
        throw new ImportFileError(
          `${label} holds more than ${formatCount(limits.maxEntries)} files. Pick the export's own folder (or its zip).`,
        );
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      // Symbolic links are not followed, so a link cannot lead the reader out of the folder.
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH && !SKIPPED_FOLDER.test(entry.name))
          await walk(join(dir, entry.name), rel, depth + 1);
      } else if (entry.isFile() && READABLE_ENTRY.test(entry.name) && !isCredentialFile(rel)) {
        const path = join(dir, entry.name);
        const { size } = await lstat(path);
        if (size > limits.maxEntryBytes)
          throw new ImportFileError(
            `${label}: ${rel} is ${formatBytes(size)}, over Marquee's limit of ${formatBytes(limits.maxEntryBytes)} for one file.`,
          );
        total += size;
        if (total > limits.maxTotalBytes)
          throw new ImportFileError(
            `${label} holds more than ${formatBytes(limits.maxTotalBytes)} of files, over Marquee's limit for one import.`,
          );
        files.push({ name: rel, bytes: new Uint8Array(await readFile(path)) });
      }
    }
  };
  await walk(root, '', 0);
  return { label, single: false, files };
}

/** Gathers the files of what the user picked: a file, a zip (in memory) or a folder on disk. */
export async function gather(input: ImportInput, limits: ReadLimits): Promise<Source> {
  if ('bytes' in input) return fromBytes(input.name, input.bytes, limits);
  let info;
  try {
    info = await stat(input.path);
  } catch {
    throw new ImportFileError(`${basename(input.path)} could not be found or opened.`);
  }
  if (info.isDirectory()) return fromFolder(input.path, limits);
  if (!info.isFile())
    throw new ImportFileError(`${basename(input.path)} is not a file or a folder.`);
  if (info.size > limits.maxInputBytes)
    throw new ImportFileError(
      `${basename(input.path)} is ${formatBytes(info.size)}, over Marquee's limit of ${formatBytes(limits.maxInputBytes)} for one import.`,
    );
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(input.path));
  } catch {
    throw new ImportFileError(`${basename(input.path)} could not be read.`);
  }
  return fromBytes(basename(input.path), bytes, limits);
}
