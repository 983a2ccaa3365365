import { z } from 'zod';

/**
 * The small set of error codes that cross the IPC boundary. Callers branch on the code,
 * never on `instanceof`: Electron keeps only an Error's message across processes
 * (electron/electron#24427), so errors travel as data.
 */
export const errorCodes = [
  'invalid_input',
  'unknown_channel',
  'forbidden',
  'offline',
  'timeout',
  'unauthorized',
  'not_found',
  'rate_limited',
  'upstream',
  'schema_mismatch',
  'conflict',
  /** The action is not available here (e.g. a native dialog in the browser harness). */
  'unsupported',
  // Storage failures that are not corruption (issue 12, defect 3): each has its own plain message.
  'disk_full',
  'storage_io',
  'storage_busy',
  'storage_readonly',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const ipcError = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  /** TMDB's own status_code, when the failure came from TMDB. */
  tmdbStatus: z.number().int().optional(),
});

export type IpcError = z.infer<typeof ipcError>;

/** An error that carries an IPC error code; thrown inside main and mapped to data by the guard. */
export class CodedError extends Error {
  readonly code: ErrorCode;
  readonly tmdbStatus: number | undefined;

  constructor(code: ErrorCode, message: string, tmdbStatus?: number) {
    super(message);
    this.name = 'CodedError';
    this.code = code;
    this.tmdbStatus = tmdbStatus;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}
