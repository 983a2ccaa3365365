/**
 * Text from outside (TMDB names, list descriptions, a backup) is kept within a length, and text
 * shown by the OS outside Marquee's window is also kept plain. Lengths count UTF-16 code units, as
 * zod's `max` and SQLite's `length` of a JS string do, but a cut never splits a character: it
 * falls on a grapheme boundary (an emoji with its modifiers, a letter with its accents, a
 * surrogate pair), and "…" says that something was cut. Both functions are idempotent, so text
 * bounded once (stored, backed up, restored) stays the same.
 */

const ELLIPSIS = '…';
/** Made on the first cut: building a segmenter loads ICU's break rules, which start-up never needs. */
let graphemes: Intl.Segmenter | undefined;

/** Printable ASCII: between two of these there is always a grapheme boundary. */
const ascii = (code: number): boolean => code >= 0x20 && code <= 0x7e;

/** `text` if it fits in `max`, else its longest whole-grapheme start that fits with "…". */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return '';
  const budget = max - ELLIPSIS.length;
  // Segmenting is slow on long text: start from a known boundary near the cut (two printable
  // ASCII characters side by side), else from the start. A boundary before `budget` depends on
  // nothing after it, so only a little beyond the cut is segmented.
  let from = 0;
  for (let i = budget; i > 0 && i > budget - 256; i--) {
    if (ascii(text.charCodeAt(i - 1)) && ascii(text.charCodeAt(i))) {
      from = i;
      break;
    }
  }
  let end = from;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { index, segment } of graphemes.segment(text.slice(from, budget + 64))) {
    if (from + index + segment.length > budget) break;
    end = from + index + segment.length;
  }
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}

/**
 * C0 and C1 controls (newlines and tabs included), DEL, and the invisible marks that reorder or
 * redirect text: bidirectional embeddings and overrides (U+202A–U+202E, where "gnp.exe" shows as
 * "exe.png"), isolates (U+2066–U+2069), LRM/RLM (U+200E, U+200F) and the Arabic letter mark.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * One line of plain text within `max`: line breaks and tabs become spaces, controls and
 * direction marks go, runs of white space become one space, and the ends are trimmed.
 */
export function plainText(text: string, max: number): string {
  const flat = text
    .replace(/[\r\n\t\u2028\u2029]+/gu, ' ')
    .replace(HIDDEN, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return cutText(flat, max);
}

/** Text for a place that reads markup (a Linux notification's body): shown as typed. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
