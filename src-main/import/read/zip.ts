import type yauzl from 'yauzl';
import { ImportFileError } from '../rows';
import { formatBytes, formatCount, type ReadLimits } from './limits';
import { isCredentialFile } from './tvtime-fields';

export interface SourceFile {
  /** The file's path inside the export ('/'-separated): used only to recognise the file. */
  name: string;
  bytes: Uint8Array;
}

/** The local file header signature, and the end-of-central-directory one (an empty zip). */
export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  );
}

/** Entries worth inflating: the text files exports are made of. Everything else is never read. */
export const READABLE_ENTRY = /\.(csv|json|txt)$/i;

function damaged(label: string, detail: string): ImportFileError {
  return new ImportFileError(
    `${label} could not be opened as a zip: it may be truncated or damaged (${detail}). Download the export again.`,
  );
}

/**
 * Reads a zip held in memory. The central directory is checked before anything is inflated (the
 * entry count, each entry's declared size and their total), and the bytes actually inflated are
 * counted as they come, so a zip bomb (a small file that inflates to gigabytes, or that lies about
 * its sizes) stops at the cap. Entry names are kept as labels only: nothing is ever written to
 * disk, and a name that tries to leave the archive (`../`, `/etc/…`) makes the zip refused.
 * The zip reader is loaded on the first zip, not when the app starts.
 */
export async function readZip(
  bytes: Uint8Array,
  label: string,
  limits: ReadLimits,
): Promise<SourceFile[]> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { default: reader } = await import('yauzl');
  let zip: yauzl.ZipFile;
  try {
    zip = await reader.fromBufferPromise(buffer, {
      lazyEntries: true,
      validateEntrySizes: true,
      decodeStrings: true,
      strictFileNames: false,
    });
  } catch (error) {
    throw damaged(label, error instanceof Error ? error.message : 'unreadable');
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new ImportFileError(
        `${label} holds ${formatCount(zip.entryCount)} files; Marquee reads zips of at most ${formatCount(limits.maxEntries)} files. This does not look like a Letterboxd or Trakt export.`,
      );
    const files: SourceFile[] = [];
    let total = 0;
    const entries = zip.eachEntry();
    for (;;) {
      let next: IteratorResult<yauzl.Entry>;
      try {
        next = await entries.next();
      } catch (error) {
        const message = error instanceof Error ? error.message : 'unreadable';
        if (/absolute path|invalid relative path|invalid characters/.test(message))
          throw new ImportFileError(
            `${label} holds a file whose name points outside the zip (${message.replace(/^.*?: /, '')}). Marquee does not read zips like this.`,
          );
        throw damaged(label, message);
      }
      if (next.done === true) break;
      const entry = next.value;
      if (entry.fileName.endsWith('/') || !READABLE_ENTRY.test(entry.fileName)) continue;
      // Credentials (access tokens, logins) are never inflated.
      if (isCredentialFile(entry.fileName)) continue;
      if (entry.isEncrypted() || hasAesField(entry))
        throw new ImportFileError(
          `${label} is password-protected (${entry.fileName} is encrypted), and Marquee cannot open encrypted zips. Unzip it yourself with its password (7-Zip, Keka or \`7z x\`), then import the folder it gives.`,
        );
      if (entry.uncompressedSize > limits.maxEntryBytes)
        throw new ImportFileError(
          `${label}: ${entry.fileName} would inflate to ${formatBytes(entry.uncompressedSize)}, over Marquee's limit of ${formatBytes(limits.maxEntryBytes)} for one file.`,
        );
      if (total + entry.uncompressedSize > limits.maxTotalBytes)
        throw new ImportFileError(
          `${label} would inflate to more than ${formatBytes(limits.maxTotalBytes)}, over Marquee's limit for one import.`,
        );
      const data = await inflate(
        zip,
        entry,
        label,
        Math.min(limits.maxEntryBytes, limits.maxTotalBytes - total),
      );
      total += data.byteLength;
      files.push({ name: entry.fileName, bytes: data });
    }
    return files;
  } finally {
    zip.close();
  }
}

/** WinZip's AES encryption marks an entry with the extra field 0x9901 (and method 99). */
function hasAesField(entry: yauzl.Entry): boolean {
  return entry.compressionMethod === 99 || entry.extraFields.some((field) => field.id === 0x9901);
}

async function inflate(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  label: string,
  cap: number,
): Promise<Uint8Array> {
  let stream: NodeJS.ReadableStream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw damaged(label, error instanceof Error ? error.message : 'unreadable entry');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > cap)
        throw new ImportFileError(
          `${label}: ${entry.fileName} inflates to more than ${formatBytes(cap)}, over Marquee's limit. The zip may be a decompression bomb.`,
        );
      chunks.push(chunk);
    }
  } catch (error) {
    (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    if (error instanceof ImportFileError) throw error;
    const message = error instanceof Error ? error.message : 'unreadable entry';
    if (/too many bytes/.test(message))
      throw new ImportFileError(
        `${label}: ${entry.fileName} inflates to more than the size its header declares. The zip may be a decompression bomb or damaged.`,
      );
    throw damaged(label, `${entry.fileName}: ${message}`);
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}
