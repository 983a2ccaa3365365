import { ImportFileError, type ImportFormat } from '../rows';
import type { TextFile } from './collect';
import { isImdbHeader } from './imdb';
import { isLetterboxdCsv, letterboxdRole, type LetterboxdRole } from './letterboxd-files';
import type { Source } from './source';
import { decodeText } from './text';
import { isSimklJson } from './simkl';
import { isTraktJson, type JsonFile } from './trakt';
import { isCredentialFile, tvTimeTableOf, type TvTimeFile } from './tvtime';

/** The files of what the user picked, sorted by the format their contents show. */
export interface Detected {
  /** The format found (a backup first, then Trakt, Letterboxd, IMDb). */
  format: ImportFormat;
  /** Any other format also found: the caller refuses such a mix. */
  others: ImportFormat[];
  notices: { file: string; message: string }[];
  letterboxd: { file: TextFile; role: LetterboxdRole }[];
  /** Letterboxd files whose kind (watched or watchlist) cannot be told from their header or place. */
  ambiguous: string[];
  imdb: TextFile[];
  trakt: JsonFile[];
  simkl: JsonFile[];
  tvtime: TvTimeFile[];
  backups: { name: string; doc: unknown }[];
  /** Files that are not text or not valid JSON, among several. */
  unreadable: string[];
}

const firstLine = (text: string): string => {
  const end = text.search(/[\r\n]/);
  return (end < 0 ? text : text.slice(0, end)).trim();
};

const isBackup = (data: unknown): boolean =>
  typeof data === 'object' &&
  data !== null &&
  !Array.isArray(data) &&
  (data as Record<string, unknown>).format === 'marquee-backup' &&
  typeof (data as Record<string, unknown>).version === 'number';

/**
 * Tells the format from the contents: a Marquee backup (a JSON object whose `format` is
 * "marquee-backup" with a numeric `version`), a Trakt export (JSON arrays of Trakt items), a
 * Letterboxd export (CSV with a `Letterboxd URI` column, or a list file's first line) or an IMDb
 * export (CSV with a `Const` column). Names only tell apart files of one export that share a
 * header (Letterboxd's watched and watchlist). Throws ImportFileError when nothing is recognised.
 */
export function detect(source: Source): Detected {
  const notices: { file: string; message: string }[] = [];
  const letterboxd: { file: TextFile; role: LetterboxdRole }[] = [];
  const ambiguous: string[] = [];
  const imdb: TextFile[] = [];
  const trakt: JsonFile[] = [];
  const simkl: JsonFile[] = [];
  const tvtime: TvTimeFile[] = [];
  const backups: { name: string; doc: unknown }[] = [];
  const unreadable: string[] = [];

  for (const file of source.files) {
    // Credentials (TV Time's access tokens, logins, devices) are never opened.
    if (!source.single && isCredentialFile(file.name)) continue;
    let text: string;
    try {
      const decoded = decodeText(file.bytes, file.name);
      text = decoded.text;
      if (decoded.notice) notices.push({ file: file.name, message: decoded.notice });
    } catch (error) {
      if (source.single && error instanceof ImportFileError) throw error;
      unreadable.push(file.name);
      continue;
    }
    const head = text.trimStart();
    if (head.startsWith('{') || head.startsWith('[')) {
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        if (source.single)
          throw new ImportFileError(
            `${source.label} looks like JSON but is not valid JSON: it may be truncated. Export it again.`,
          );
        unreadable.push(file.name);
        continue;
      }
      if (isBackup(data)) backups.push({ name: file.name, doc: data });
      else if (isTraktJson(file.name, data)) trakt.push({ name: file.name, data });
      else if (isSimklJson(data)) simkl.push({ name: file.name, data });
      continue;
    }
    const line = firstLine(text);
    const table = tvTimeTableOf(line);
    if (table !== null) {
      tvtime.push({ name: file.name, text, table });
    } else if (isLetterboxdCsv(line)) {
      const role = letterboxdRole(file.name, line);
      if (role === 'ambiguous') ambiguous.push(file.name);
      else letterboxd.push({ file: { name: file.name, text }, role });
    } else if (isImdbHeader(line)) {
      imdb.push({ name: file.name, text });
    }
  }

  const found: ImportFormat[] = [];
  if (backups.length > 0) found.push('marquee-backup');
  if (trakt.length > 0) found.push('trakt');
  if (simkl.length > 0) found.push('simkl');
  if (tvtime.length > 0) found.push('tvtime');
  if (letterboxd.length > 0 || ambiguous.length > 0) found.push('letterboxd');
  if (imdb.length > 0) found.push('imdb');
  const format = found[0];
  if (format === undefined)
    throw new ImportFileError(
      unreadable.length > 0 && source.single
        ? `${source.label} could not be read.`
        : `${source.label} is not an export Marquee can read. Marquee imports a Letterboxd export (zip or folder), an IMDb ratings, list or watchlist CSV, a Trakt export (zip of JSON files), a TV Time GDPR export (zip or folder), a Simkl backup (SimklBackup.json) or a Marquee backup.`,
    );
  return {
    format,
    others: found.slice(1),
    notices,
    letterboxd,
    ambiguous,
    imdb,
    trakt,
    simkl,
    tvtime,
    backups,
    unreadable,
  };
}
