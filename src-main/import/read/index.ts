import { ImportFileError, type ImportFormat, type ParsedImport } from '../rows';
import { Collector } from './collect';
import { detect } from './detect';
import { readImdb } from './imdb';
import { readLetterboxd } from './letterboxd';
import { readSimkl } from './simkl';
import { readTvTime } from './tvtime';
import { DEFAULT_LIMITS, type ReadLimits } from './limits';
import { gather, type ImportInput } from './source';
import { readTrakt } from './trakt';

export type { ImportInput } from './source';
export { DEFAULT_LIMITS, type ReadLimits } from './limits';

export interface ReadOptions {
  limits?: Partial<ReadLimits>;
  /** The zone TV Time's zone-less dates are read in (an IANA name); UTC unless the user chose. */
  timeZone?: string;
}

const FORMAT_NAMES: Record<ImportFormat, string> = {
  letterboxd: 'a Letterboxd',
  imdb: 'an IMDb',
  trakt: 'a Trakt',
  tvtime: 'a TV Time',
  simkl: 'a Simkl',
  'marquee-backup': 'a Marquee backup',
};

/**
 * Reads what the user picked (a file, a zip or a folder; bytes or a path) into import rows. The
 * format is told from the contents: a Marquee backup (JSON whose `format` is "marquee-backup"), a
 * Trakt export (JSON arrays of Trakt items), a Letterboxd export (CSV with a `Letterboxd URI`
 * column, or a list file's header block) or an IMDb export (CSV with a `Const` column). A fault of
 * the whole input throws ImportFileError with a message for the user; a fault of one row or of
 * one file among several is a problem in the result, and the rest is still read.
 */
export async function readImport(
  input: ImportInput,
  options: ReadOptions = {},
): Promise<ParsedImport> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const source = await gather(input, limits);
  const out = new Collector();
  const detected = detect(source);
  const { format, others, notices, letterboxd, ambiguous, imdb, trakt, backups, unreadable } =
    detected;
  if (others.length > 0)
    throw new ImportFileError(
      `${source.label} holds both ${FORMAT_NAMES[format]} and ${FORMAT_NAMES[others[0] ?? format]} export. Import them one at a time.`,
    );

  if (format === 'marquee-backup') {
    const [backup, ...more] = backups;
    if (!backup || more.length > 0)
      throw new ImportFileError(
        `${source.label} holds more than one Marquee backup. Restore one at a time.`,
      );
    return { format, rows: [], problems: [], files: [backup.name], backup: backup.doc };
  }

  if (format === 'letterboxd') {
    if (ambiguous.length > 0 && source.single)
      throw new ImportFileError(
        `${source.label} could be Letterboxd's watched films or its watchlist (both have the same columns). Import the whole export zip, or name the file watched.csv or watchlist.csv.`,
      );
    for (const name of ambiguous)
      out.problem(
        name,
        1,
        'Marquee could not tell whether this file holds watched films or the watchlist, so it was not read',
      );
    readLetterboxd(letterboxd, limits.maxRows, out);
  } else if (format === 'imdb') {
    readImdb(imdb, limits.maxRows, out);
  } else if (format === 'tvtime') {
    readTvTime(detected.tvtime, limits.maxRows, out, options.timeZone ?? 'UTC');
  } else if (format === 'simkl') {
    readSimkl(detected.simkl, limits.maxRows, out);
  } else {
    readTrakt(trakt, limits.maxRows, out);
  }
  for (const name of unreadable)
    out.problem(name, 0, 'this file could not be read (it is not text, or not valid JSON)');
  // Encoding notices go first, and only for the files that were read.
  out.problems.unshift(
    ...notices
      .filter((n) => out.files.includes(n.file))
      .map((n) => ({ file: n.file, line: 0, message: n.message })),
  );

  if (out.rows.length === 0 && out.files.length === 0) {
    const first = out.problems.find((p) => p.line > 0) ?? out.problems[0];
    throw new ImportFileError(
      first
        ? // A single file is its own label: name it once.
          `${first.file === source.label ? first.file : `${source.label}: ${first.file}`}: ${first.message}.`
        : `${source.label} holds nothing Marquee can import.`,
    );
  }
  return { format, rows: out.rows, problems: out.problems, files: out.files };
}
