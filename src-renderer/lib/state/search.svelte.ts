import type { ChannelOutput, Provenance } from '../../../src-shared/ipc/contract';
import { PagedFeed } from './paged-feed.svelte';
import { call } from '../api';
import { foldForIndex } from '../../../src-shared/search/fold';

export type MultiResult = ChannelOutput<'search.multi'>['data']['results'][number];
export type CollectionResult = ChannelOutput<'search.collections'>['data']['results'][number];
export type SearchTab = 'all' | 'collections';

/** Long enough to skip the requests of a word being typed, short enough to feel immediate. */
export const SEARCH_DELAY_MS = 200;
/** The contract's limit; longer text is cut rather than refused while typing. */
const MAX_QUERY = 200;

/** The local index's answer to one keystroke. */
interface LocalAnswer {
  /** The keystroke it answers: higher is newer. */
  generation: number;
  query: string;
  items: readonly MultiResult[];
  meta: Provenance;
  /**
   * Taken from a look-ahead, computed a keystroke earlier: shown at once, then checked against
   * the core's answer to this keystroke (which replaces it only if the two differ).
   */
  foreseen: boolean;
}

/** The local answers to every letter that can follow one text (`search.ahead`). */
type LookAhead = ChannelOutput<'search.ahead'>;

/** Look-aheads kept, besides the empty box's: the last few texts, so Backspace is instant too. */
const KEPT_LOOK_AHEADS = 6;

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** What the "all" tab shows while TMDB's answer for the box's text is not (yet) there. */
export interface InstantResults {
  query: string;
  items: readonly MultiResult[];
  meta: Provenance;
  /** TMDB was asked (or will be, when the typing pauses) and has not answered yet. */
  searching: boolean;
}

/**
 * Search as you type, local first. Every keystroke asks the core's local index of the titles
 * Marquee has seen, which answers at once without the network; a short pause in typing then asks
 * TMDB, whose answer replaces the local one. Each keystroke gets a generation number, and an
 * answer is shown only if no answer for a newer keystroke is already on screen, so a slow answer
 * for "arr" (local or TMDB's) can never replace the results for "arrival".
 */
export class SearchState {
  #query = $state('');
  #sent = $state('');
  #tab = $state<SearchTab>('all');
  #collectionsFor: string | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  readonly #delay: number;

  /** Bumped on every change of the box's text. */
  #generation = 0;
  /** Answers for generations up to this one were cleared away and must not come back. */
  #floor = 0;
  #local = $state.raw<LocalAnswer | null>(null);
  /** The last `instant` handed out (not state: a cache of what the state gives). */
  #instant: InstantResults | null = null;
  /** The generation whose text was last sent to TMDB (0: none since the box was cleared). */
  #sentGeneration = $state(0);
  /** The generation, and text, whose TMDB answer the results feed holds. */
  #appliedGeneration = $state(0);
  #resultsQuery = $state('');
  #resultsFor: string | null = null;
  /** Identifies the latest TMDB search, to know whether the feed applied its answer. */
  #networkSequence = 0;
  #waiting = $state(false);
  /** A local search is on its way to the core. */
  #localBusy = false;
  /** The newest keystroke typed while a local search was on its way: asked next, alone. */
  #localNext: { generation: number; query: string } | null = null;
  /** Look-aheads by the text they follow, oldest first. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping read while typing, never rendered
  readonly #ahead = new Map<string, LookAhead>();
  /** The text whose look-ahead was last asked for. */
  #aheadAsked: string | null = null;

  readonly results = new PagedFeed<MultiResult>(
    (page) => call('search.multi', { query: this.#sent, page, localOnly: false }),
    (item) => `${item.media_type}:${item.id}`,
  );
  readonly collections = new PagedFeed<CollectionResult>(
    (page) => call('search.collections', { query: this.#sent, page }),
    (item) => String(item.id),
  );

  constructor(delay: number = SEARCH_DELAY_MS) {
    this.#delay = delay;
  }

  /** What is in the search box. */
  get query(): string {
    return this.#query;
  }
  /** The query last sent to TMDB. */
  get sentQuery(): string {
    return this.#sent;
  }
  /** The query the TMDB results in `results` answer. */
  get resultsQuery(): string {
    return this.#resultsQuery;
  }
  get tab(): SearchTab {
    return this.#tab;
  }
  /** The feed of the open tab. */
  get active(): PagedFeed<MultiResult> | PagedFeed<CollectionResult> {
    return this.#tab === 'all' ? this.results : this.collections;
  }

  /**
   * The local answer, when it is newer than TMDB's answer on screen; null when TMDB's answer is
   * the one to show. An empty local answer is not shown while TMDB may still find something.
   */
  get instant(): InstantResults | null {
    const local = this.#local;
    if (this.#tab !== 'all' || local === null || local.generation <= this.#appliedGeneration)
      return null;
    const searching =
      this.#waiting || (this.results.loading && this.#sentGeneration >= local.generation);
    if (searching && local.items.length === 0) return null;
    // The same object while nothing changed, so what derives from it (the rows on screen) is not
    // made again on every keystroke.
    const last = this.#instant;
    // Two texts can share one answer ("AmÉ" and "Amé" from one look-ahead): the query counts too.
    if (
      last?.items === local.items &&
      last.meta === local.meta &&
      last.query === local.query &&
      last.searching === searching
    )
      return last;
    this.#instant = { query: local.query, items: local.items, meta: local.meta, searching };
    return this.#instant;
  }

  setQuery(text: string): void {
    this.#query = text.slice(0, MAX_QUERY);
    this.#generation += 1;
    this.#cancelTimer();
    if (this.#query.trim() === '') {
      this.#clearResults();
      if (this.#tab === 'all') void this.#lookAhead(this.#query);
      return;
    }
    if (this.#tab === 'all') {
      const query = this.#query.trim();
      // The letter's answer, when the last keystroke's look-ahead holds it, is painted in the
      // same frame as the letter itself; the core's own answer follows to confirm it.
      const foreseen = this.#foresee(this.#query);
      const generation = this.#generation;
      const text = this.#query;
      // Calls made once the letter's frame is drawn: their replies would otherwise reach the
      // page's main thread just as that frame is due, and hold it back. A newer keystroke makes
      // its own calls, so a superseded one is dropped.
      const later = (run: () => void): void => {
        afterPaint(() => {
          if (generation === this.#generation) run();
        });
      };
      if (foreseen) {
        this.#local = { generation, query, ...foreseen, foreseen: true };
        later(() => {
          void this.#askLocal(generation, query);
          void this.#lookAhead(text);
        });
      } else {
        void this.#askLocal(generation, query);
        later(() => void this.#lookAhead(text));
      }
    }
    this.#waiting = true;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#send();
    }, this.#delay);
  }

  /** Enter in the search box: no need to wait for the timer. */
  submit(): void {
    const pending = this.#timer !== null;
    this.#cancelTimer();
    if (this.#query.trim() === '') return;
    // Enter after the pause already sent this text: send again only to retry a failure.
    if (!pending && this.#sentGeneration === this.#generation && this.active.status !== 'error')
      return;
    this.#send();
  }

  setTab(tab: SearchTab): void {
    this.#tab = tab;
    if (this.#sent === '') return;
    if (tab === 'collections' && this.#collectionsFor !== this.#sent) this.#loadCollections();
    // The text may have changed while the other tab was open.
    if (tab === 'all' && this.#resultsFor !== this.#sent) void this.#loadResults();
  }

  /**
   * The search view opened: ask for the look-ahead of the box's text (the first letters, when it
   * is empty) before anything is typed.
   */
  prepare(): void {
    if (this.#tab === 'all') void this.#lookAhead(this.#query);
  }

  reset(): void {
    this.#cancelTimer();
    this.#query = '';
    this.#tab = 'all';
    this.#generation += 1;
    this.#clearResults();
  }

  /**
   * One local search at a time: keystrokes typed while one is on its way are not all sent; only
   * the newest is, once the answer is in. The core answers calls one after another, so every
   * superseded query sent would delay the answer to the text actually in the box.
   */
  async #askLocal(generation: number, query: string): Promise<void> {
    if (this.#localBusy) {
      this.#localNext = { generation, query };
      return;
    }
    this.#localBusy = true;
    try {
      let next: { generation: number; query: string } | null = { generation, query };
      while (next !== null) {
        await this.#answerLocal(next.generation, next.query);
        next = this.#localNext;
        this.#localNext = null;
      }
    } finally {
      this.#localBusy = false;
    }
  }

  async #answerLocal(generation: number, query: string): Promise<void> {
    const reply = await call('search.multi', { query, page: 1, localOnly: true });
    // A local answer that fails is no loss: TMDB's answer follows and says what went wrong.
    if (!reply.ok) return;
    if (generation <= this.#floor || generation <= this.#appliedGeneration) return;
    const shown = this.#local;
    if (shown !== null && generation < shown.generation) return;
    const answer = { items: reply.value.data.results, meta: reply.value.meta };
    if (shown !== null && generation === shown.generation) {
      // The foreseen answer on screen is kept when the core's is the same (nothing is redrawn).
      if (!shown.foreseen || sameAnswer(shown, answer)) return;
    }
    this.#local = { generation, query, ...answer, foreseen: false };
  }

  /** The answer a look-ahead holds for `text`: the one asked for the text without its last letter. */
  #foresee(text: string): Pick<LocalAnswer, 'items' | 'meta'> | null {
    // The last character as a reader counts them: "é" typed as "e" and an accent is one.
    let last: Intl.SegmentData | undefined;
    for (const segment of GRAPHEMES.segment(text)) last = segment;
    if (last === undefined) return null;
    const base = text.slice(0, last.index);
    const ahead = this.#ahead.get(base);
    if (ahead === undefined) return null;
    const found = ahead.next[foldForIndex(last.segment)];
    if (found === undefined) return null;
    // Most recently used last, so the texts typed before this one are the ones let go.
    this.#ahead.delete(base);
    this.#ahead.set(base, ahead);
    return { items: found.data.results, meta: found.meta };
  }

  /** Asks the core for the answers to every letter that can follow `text`, once per text. */
  async #lookAhead(text: string): Promise<void> {
    if (this.#aheadAsked === text) return;
    this.#aheadAsked = text;
    const reply = await call('search.ahead', { text });
    if (!reply.ok) return;
    this.#ahead.delete(text);
    this.#ahead.set(text, reply.value);
    for (const key of this.#ahead.keys()) {
      if (this.#ahead.size <= KEPT_LOOK_AHEADS + 1) break;
      if (key !== '') this.#ahead.delete(key);
    }
  }

  #send(): void {
    this.#waiting = false;
    this.#sent = this.#query.trim();
    this.#sentGeneration = this.#generation;
    this.#collectionsFor = null;
    this.#resultsFor = null;
    if (this.#tab === 'all') void this.#loadResults();
    else this.#loadCollections();
  }

  async #loadResults(): Promise<void> {
    const sequence = ++this.#networkSequence;
    const generation = this.#sentGeneration;
    const query = this.#sent;
    this.#resultsFor = query;
    await this.results.reload();
    // The feed ignores every answer but its latest request's; so does this.
    if (sequence !== this.#networkSequence || this.results.status !== 'ready') return;
    this.#appliedGeneration = generation;
    this.#resultsQuery = query;
  }

  #loadCollections(): void {
    this.#collectionsFor = this.#sent;
    void this.collections.reload();
  }

  #clearResults(): void {
    this.#waiting = false;
    this.#localNext = null;
    this.#floor = this.#generation;
    this.#networkSequence += 1;
    this.#local = null;
    this.#sent = '';
    this.#sentGeneration = 0;
    this.#appliedGeneration = 0;
    this.#resultsQuery = '';
    this.#resultsFor = null;
    this.#collectionsFor = null;
    this.results.reset();
    this.collections.reset();
  }

  #cancelTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}

/** The longest a call put off until after the next frame waits (rAF does not run while hidden). */
const AFTER_PAINT_LIMIT_MS = 50;

/** Runs `run` once the next frame is drawn (or after a short while, whichever comes first). */
function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(run, 0);
    return;
  }
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    run();
  };
  const limit = setTimeout(once, AFTER_PAINT_LIMIT_MS);
  requestAnimationFrame(() => {
    clearTimeout(limit);
    // rAF runs before the frame is drawn; a task queued from it runs after.
    setTimeout(once, 0);
  });
}

/** Whether two local answers show the same thing (JSON: both came out of JSON). */
function sameAnswer(
  a: Pick<LocalAnswer, 'items' | 'meta'>,
  b: Pick<LocalAnswer, 'items' | 'meta'>,
): boolean {
  return (
    a.items.length === b.items.length &&
    JSON.stringify([a.items, a.meta]) === JSON.stringify([b.items, b.meta])
  );
}

export const search = new SearchState();
