/** Case- and diacritics-insensitive form of a text, for search (`amelie` finds `Amélie`). */
const SPECIAL: Readonly<Record<string, string>> = {
  ø: 'o',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ı: 'i',
};

const ASCII = /^[\x20-\x7e]*$/;

export function fold(text: string): string {
  // Most titles are plain ASCII; skip Unicode normalization for them (100k titles fold at start-up).
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[øßæœłđı]/g, (c) => SPECIAL[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Substring match, or every query word the prefix of some word of the text. */
export function matchesQuery(foldedText: string, foldedQuery: string): boolean {
  if (foldedQuery === '') return false;
  if (foldedText.includes(foldedQuery)) return true;
  const words = foldedText.split(' ');
  return foldedQuery.split(' ').every((q) => words.some((w) => w.startsWith(q)));
}
