import fs from 'node:fs';
import path from 'node:path';
import type { StagedSource } from '../../src-shared/ipc/contract';
import { CodedError } from '../../src-shared/ipc/errors';
import { errorCode } from '../base/errors';
import { ImportFileError, type ParsedImport } from './rows';
import type { ImportSampleSource } from './service-types';

/** What reads a source: a file's bytes, or a file or folder on disk (read/index.ts). */
export type ReadImport = (
  input: { name: string; bytes: Uint8Array } | { path: string },
  options?: ReadAgain,
) => Promise<ParsedImport>;

/** What may change when a staged source is read again: the zone of zone-less dates. */
export interface ReadAgain {
  timeZone: string;
}

export interface Staged {
  source: StagedSource;
  parsed: ParsedImport;
  /** What was read, kept so the source can be read again with another zone. */
  input: Parameters<ReadImport>[0];
}

export interface Staging {
  stageBytes(name: string, bytes: Uint8Array): Promise<StagedSource>;
  stagePath(filePath: string): Promise<StagedSource>;
  stageSample(id: string): Promise<StagedSource>;
  /** Reads a staged source again with other options (the same handle keeps working). */
  reread(sourceId: string, options: ReadAgain): Promise<void>;
  /** The staged source; `not_found` once it was dropped (staged sources live for this run only). */
  take(sourceId: string): Staged;
}

/** A file bigger than this is refused before it is read (as the readers cap what is picked). */
export const MAX_SOURCE_BYTES = 200 * 1024 * 1024;
/** Staged sources kept at once; the oldest is dropped first. */
const MAX_STAGED = 8;

/** Bytes a file or folder takes on disk (a folder: its files, not following links). */
function sizeOnDisk(p: string): number {
  const stat = fs.lstatSync(p);
  if (stat.isFile()) return stat.size;
  if (!stat.isDirectory()) return 0;
  let total = 0;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.isFile()) total += fs.lstatSync(path.join(p, entry.name)).size;
    if (total > MAX_SOURCE_BYTES) break;
  }
  return total;
}

const tooBig = (name: string): CodedError =>
  new CodedError(
    'invalid_input',
    `“${name}” is larger than ${MAX_SOURCE_BYTES / (1024 * 1024)} MB, more than any export Marquee reads.`,
  );

/** A source that could not be read, in the words the user sees (where it was read). */
export function readFailure(name: string, error: unknown): CodedError {
  if (error instanceof ImportFileError) return new CodedError('invalid_input', error.message);
  if (error instanceof CodedError) return error;
  const code = errorCode(error);
  if (code === 'ENOENT') return new CodedError('not_found', `“${name}” is no longer there.`);
  if (code === 'EACCES' || code === 'EPERM')
    return new CodedError('storage_readonly', `Marquee may not read “${name}”.`);
  return new CodedError('invalid_input', `Marquee could not read “${name}”.`);
}

/**
 * Sources the user picked, read once and held in memory until analysed: the file itself is never
 * handed to the renderer. Whole-file faults become `invalid_input` with the reader's message.
 */
export function createStaging(deps: {
  read: ReadImport;
  samples: ImportSampleSource | null;
  newId: () => string;
}): Staging {
  const staged = new Map<string, Staged>();

  async function read(
    name: string,
    input: Parameters<ReadImport>[0],
    options?: ReadAgain,
  ): Promise<ParsedImport> {
    try {
      return await deps.read(input, options);
    } catch (error) {
      throw readFailure(name, error);
    }
  }

  async function stage(
    name: string,
    sizeBytes: number,
    input: Parameters<ReadImport>[0],
  ): Promise<StagedSource> {
    const parsed = await read(name, input);
    const source: StagedSource = {
      sourceId: deps.newId(),
      name,
      format: parsed.format,
      files: [...parsed.files],
      sizeBytes,
    };
    staged.set(source.sourceId, { source, parsed, input });
    while (staged.size > MAX_STAGED) {
      const oldest = staged.keys().next().value;
      if (oldest === undefined) break;
      staged.delete(oldest);
    }
    return source;
  }

  return {
    stageBytes(name, bytes) {
      const safeName = path.basename(name.trim() || 'upload').slice(0, 200);
      if (bytes.byteLength > MAX_SOURCE_BYTES) return Promise.reject(tooBig(safeName));
      if (bytes.byteLength === 0)
        return Promise.reject(new CodedError('invalid_input', `“${safeName}” is empty.`));
      return stage(safeName, bytes.byteLength, { name: safeName, bytes });
    },
    async stagePath(filePath) {
      const name = path.basename(filePath);
      let size: number;
      try {
        size = sizeOnDisk(filePath);
      } catch {
        throw new CodedError('not_found', `“${name}” is no longer there.`);
      }
      if (size > MAX_SOURCE_BYTES) throw tooBig(name);
      return stage(name, size, { path: filePath });
    },
    stageSample(id) {
      const sample = deps.samples?.bytes(id) ?? null;
      if (!sample)
        return Promise.reject(new CodedError('not_found', 'There is no such sample export.'));
      return stage(sample.name, sample.bytes.byteLength, sample);
    },
    async reread(sourceId, options) {
      const found = this.take(sourceId);
      const parsed = await read(found.source.name, found.input, options);
      staged.set(sourceId, { ...found, parsed });
    },
    take(sourceId) {
      const found = staged.get(sourceId);
      if (!found)
        throw new CodedError(
          'not_found',
          'This file is no longer staged (Marquee was restarted). Choose it again.',
        );
      return found;
    },
  };
}
