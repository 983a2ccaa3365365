import type Database from 'better-sqlite3';
import type { Logger } from '../../base/log';

/**
 * The most letters one look-ahead lists. The index's words are walked in code point order, so the
 * ones cut are past plain ASCII: a cache rich in CJK titles has thousands of first characters.
 */
export const MAX_LETTERS = 48;

/**
 * The letters that can follow a word being typed, from the offline search index's own words:
 * for "sil", the "e" of "silent" and the "v" of "silver". Given "", the first letters of every
 * word. Words are as the index holds them: lower case, without diacritics.
 *
 * FTS5's vocabulary table reads the index's terms in order, and a term range is a seek, so this
 * skips from one letter to the next (`> "sil"`, then `>= "sif"`, …): one seek per letter found,
 * however many words share it.
 */
export function createIndexLetters(
  db: Database.Database,
  log?: Pick<Logger, 'warn'>,
): (prefix: string) => string[] {
  let seeks: Seeks | null | undefined;
  return (prefix) => {
    // Made on first use, and a failure only turns the look-ahead off: search works without it.
    seeks ??= prepareSeeks(db, log);
    if (seeks === null) return [];
    try {
      return lettersAfter(seeks, prefix);
    } catch (error) {
      log?.warn('search.letters_failed', { error });
      return [];
    }
  };
}

interface Seeks {
  /** The first word past a text. */
  after: Database.Statement<[string], string>;
  /** The first word from a text on. */
  from: Database.Statement<[string], string>;
}

function prepareSeeks(db: Database.Database, log?: Pick<Logger, 'warn'>): Seeks | null {
  try {
    // A temporary table: a view of the index, nothing stored; every connection makes its own.
    // One row per occurrence ('instance'), not per word ('row'): a seek then stops at the word's
    // first entry, where a word's row counts every title holding it first (all of "the").
    db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_vocab_entries USING fts5vocab(main, 'search_fts', 'instance')",
    );
    return {
      after: db
        .prepare<[string], string>(
          'SELECT term FROM temp.search_vocab_entries WHERE term > ? LIMIT 1',
        )
        .pluck(),
      from: db
        .prepare<[string], string>(
          'SELECT term FROM temp.search_vocab_entries WHERE term >= ? LIMIT 1',
        )
        .pluck(),
    };
  } catch (error) {
    log?.warn('search.letters_unavailable', { error });
    return null;
  }
}

function lettersAfter({ after, from }: Seeks, prefix: string): string[] {
  const letters: string[] = [];
  // The word itself ("sil" typed whole) has no next letter: start past it.
  let term = after.get(prefix);
  while (term !== undefined && term.startsWith(prefix) && letters.length < MAX_LETTERS) {
    const code = term.codePointAt(prefix.length);
    if (code === undefined) break;
    letters.push(String.fromCodePoint(code));
    // The first word past every word that continues with this letter.
    term = from.get(prefix + String.fromCodePoint(nextCodePoint(code)));
  }
  return letters;
}

/** The code point after `code`, past the surrogates, which are no characters of their own. */
function nextCodePoint(code: number): number {
  return code + 1 >= 0xd800 && code + 1 <= 0xdfff ? 0xe000 : code + 1;
}
