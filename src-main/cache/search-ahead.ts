import type { Fetched } from './reads';
import type { MultiPage } from './multi-search';
import { foldedWords, MAX_TOKENS, tokens } from './store/search';

/** The longest text a search takes (the contract's limit): a letter past it is never asked. */
const MAX_TEXT = 200;
/** Wall time one look-ahead may take, pauses included, before it stops and says so. */
const DEFAULT_BUDGET_MS = 150;
/** Text that ends between words: the next letter starts a new one. */
const ENDS_BETWEEN_WORDS = /(?:^|[^\p{L}\p{N}])$/u;

/** The local answers to every letter that can be typed next. */
export interface SearchAheadAnswer {
  /** The search box's text, exactly as sent: the letters follow it. */
  text: string;
  /**
   * Every letter the index has after the text is answered. When false (a newer look-ahead began,
   * or time ran out), a letter missing from `next` is unknown rather than matchless.
   */
  complete: boolean;
  /**
   * By letter, lower case without diacritics as the index holds words, the answer the local
   * search gives to the text with that letter typed.
   */
  next: Record<string, Fetched<MultiPage>>;
}

export type SearchAhead = (text: string) => Promise<SearchAheadAnswer>;

export interface SearchAheadDeps {
  /** The letters the index's words have after a prefix ("" for first letters). */
  letters: (prefix: string) => string[];
  /** The local answer to a query: the same page `search.multi` gives with `localOnly`. */
  answer: (query: string) => Fetched<MultiPage>;
  now?: () => number;
  /** Lets other work in between two letters (the main process's event loop). */
  pause?: () => Promise<void>;
  budgetMs?: number;
}

/**
 * Search as you type, one letter ahead. A keystroke's local answer has to cross from the core to
 * the window and be drawn, and that takes longer than the frame that draws the typed letter; so
 * the window asks, after each keystroke, for the answers to every letter that can come next, and
 * paints the right one the moment that letter is typed. The letters come from the index's own
 * words, so "silent h" asks only the letters that start a word and "silen" only "t".
 *
 * Each letter's query is the ordinary local search, answered one at a time with a pause between
 * them, so a look-ahead never holds the event loop; a newer look-ahead stops an older one.
 */
export function createSearchAhead(deps: SearchAheadDeps): SearchAhead {
  const now = deps.now ?? (() => performance.now());
  const pause = deps.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const budget = deps.budgetMs ?? DEFAULT_BUDGET_MS;
  let latest = 0;
  return async (text) => {
    const mine = ++latest;
    const started = now();
    const next: Record<string, Fetched<MultiPage>> = {};
    const betweenWords = ENDS_BETWEEN_WORDS.test(text.normalize('NFKC'));
    const words = tokens(text);
    // A letter past the length limit, or a word past the last one searched, changes nothing.
    if (text.length >= MAX_TEXT || (betweenWords && words.length >= MAX_TOKENS)) {
      return { text, complete: false, next };
    }
    const prefix = betweenWords ? '' : (foldedWords(text).at(-1) ?? '');
    for (const letter of deps.letters(prefix)) {
      if (mine !== latest || now() - started > budget) return { text, complete: false, next };
      next[letter] = deps.answer(text + letter);
      await pause();
    }
    return { text, complete: true, next };
  };
}
