import { ImportFileError } from '../rows';

export interface DecodedText {
  text: string;
  /** Set when the file was not UTF-8 and was read as Windows-1252: shown to the user. */
  notice: string | null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/**
 * Windows-1252's characters at 0x80–0x9F (curly quotes, dashes, €, Œ…), where Latin-1 has control
 * characters. Node's decoder for the 'windows-1252' label gives Latin-1, so these are mapped here.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  return latin1
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

/** Bytes scanned for NUL characters, the sign of a binary file (an image, a spreadsheet, a PDF). */
const SNIFF_BYTES = 8192;

/**
 * Decodes a text file as its author most likely wrote it. UTF-8 (with or without a BOM) and
 * UTF-16 with a BOM are read as they are. Anything else that is not valid UTF-8 is read as
 * Windows-1252, the encoding spreadsheet programs on Western-European Windows save CSV files in,
 * with a notice so the user can check accented titles; a binary file is refused.
 */
export function decodeText(bytes: Uint8Array, file: string): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes), notice: null };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes), notice: null };
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0))
    throw new ImportFileError(
      `${file} is not a text file (it looks like a binary file such as an image or a spreadsheet). Export it again as CSV or JSON.`,
    );
  try {
    return { text: utf8.decode(bytes), notice: null };
  } catch {
    return {
      text: decodeWindows1252(bytes),
      notice: `${file} is not UTF-8 text: Marquee read it as Windows-1252 (Western European). Check that accented titles look right.`,
    };
  }
}
