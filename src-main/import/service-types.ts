import type {
  ImportJobSummary,
  ImportJobView,
  ImportTargets,
  StagedSource,
} from '../../src-shared/ipc/contract';

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

/** The import domain as the handlers and the harness see it. */
export interface ImportService {
  samples(): ImportSample[];
  stageSample(id: string): Promise<StagedSource>;
  /** Stages a file the user uploaded (browser harness) or dropped. */
  stageBytes(name: string, bytes: Uint8Array): Promise<StagedSource>;
  /** Stages a file or folder on disk (the shell's open dialog). */
  stagePath(path: string): Promise<StagedSource>;
  /** null when the shell has no dialog (browser harness): the renderer uploads instead. */
  readonly pick: PickImportSource | null;
  analyse(sourceId: string): { jobId: string };
  job(jobId: string): ImportJobView;
  resolve(
    jobId: string,
    rowId: number,
    choice: { mediaType: 'movie' | 'tv'; id: number } | { skip: true },
  ): Promise<ImportJobView>;
  apply(jobId: string, targets: ImportTargets): { jobId: string };
  cancel(jobId: string): void;
  jobs(): ImportJobSummary[];
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
