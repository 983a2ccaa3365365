import type { ImportJobView, StagedSource } from '../../src-shared/ipc/contract';
import type { ImportJobs } from './jobs';

/** A sample export the demo catalogue offers (demo mode only). */
export interface ImportSample {
  id: string;
  label: string;
  format: StagedSource['format'];
  fileName: string;
}

/** Where the demo samples come from: the shell's demo wiring passes the catalogue's samples. */
export interface ImportSampleSource {
  list(): ImportSample[];
  /** The sample's bytes, or null for an unknown id. */
  bytes(id: string): { name: string; bytes: Uint8Array } | null;
}

/** The shell's open dialog: the picked path, or null when the user cancels. */
export type PickImportSource = (kind: 'file' | 'folder') => Promise<string | null>;

export type ExportKind = 'letterboxd' | 'imdbRatings' | 'listCsv' | 'listJson';

/** Where `open` takes a source from: the open dialog, a demo sample, or one already staged. */
export type OpenSource = { dialog: 'file' | 'folder' } | { sample: string } | { sourceId: string };

/** The import domain as the handlers and the harness see it (the jobs' part is the jobs' own). */
export interface ImportService extends Pick<
  ImportJobs,
  'job' | 'resolve' | 'apply' | 'cancel' | 'jobs'
> {
  /** Reads and matches a staged source; another `timeZone` reads it again first (TV Time's dates). */
  analyse(sourceId: string, timeZone?: string): Promise<{ jobId: string }>;
  /**
   * Stages a source and analyses it, answering the job's first view; nulls when the user closes
   * the open dialog. `unsupported` when there is no dialog (the browser harness uploads instead).
   */
  open(
    from: OpenSource,
    timeZone?: string,
  ): Promise<{ source: StagedSource | null; job: ImportJobView | null }>;
  samples(): ImportSample[];
  stageSample(id: string): Promise<StagedSource>;
  /** Stages a file the user uploaded (browser harness) or dropped. */
  stageBytes(name: string, bytes: Uint8Array): Promise<StagedSource>;
  /** Stages a file or folder on disk (the shell's open dialog). */
  stagePath(path: string): Promise<StagedSource>;
  createBackup(): { fileName: string; text: string };
  exportFile(
    kind: ExportKind,
    listId?: string,
  ): { fileName: string; mimeType: string; text: string };
  /** Resumes or rolls back jobs interrupted by a crash; called once at start-up. */
  start(): void;
  /** Resolves when no job is reading, matching or applying. */
  idle(): Promise<void>;
  close(): void;
}

/** What the shell (and tests) hand the core for imports. */
export interface ImportWiring {
  /** The demo catalogue's sample exports (demo mode only). */
  samples?: ImportSampleSource;
  /** The shell's open dialog. */
  pick?: PickImportSource;
  /** Tests: rows per applied chunk. */
  chunkRows?: number;
  /** Tests: awaited after each committed chunk (a crash is simulated by never resolving). */
  afterChunk?: (jobId: string, chunk: number) => Promise<void> | void;
}
