/**
 * Text as the offline search index holds it: lower case, without diacritics, like its
 * `unicode61 remove_diacritics 2` tokenizer ("Amélie" → "amelie", "É" → "e"). The core folds
 * names with it to rank matches, and the window folds a typed letter with it to find that
 * letter's answer in a look-ahead; the two must agree, so there is one rule.
 */
export function foldForIndex(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}
