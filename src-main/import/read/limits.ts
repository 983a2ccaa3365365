/** The caps every import read stays within, so a hostile or runaway file cannot exhaust memory. */
export interface ReadLimits {
  /** Bytes of one picked file (or of the zip itself). */
  maxInputBytes: number;
  /** Bytes of all the entries read out of a zip, or all the files read out of a folder, together. */
  maxTotalBytes: number;
  /** Entries in a zip, or files in a folder. */
  maxEntries: number;
  /** Bytes of one entry once inflated. */
  maxEntryBytes: number;
  /** Data rows of one CSV file, or items of one JSON file. */
  maxRows: number;
}

export const DEFAULT_LIMITS: ReadLimits = {
  maxInputBytes: 200 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntries: 2_000,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRows: 250_000,
};

export const formatCount = (n: number): string => n.toLocaleString('en-US');

export const formatBytes = (n: number): string =>
  n >= 1024 * 1024 ? `${formatCount(Math.round(n / (1024 * 1024)))} MB` : `${formatCount(n)} bytes`;
