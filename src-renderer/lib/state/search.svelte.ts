import type { ChannelOutput, Provenance } from '../../../src-shared/ipc/contract';
import { PagedFeed } from './paged-feed.svelte';
import { call } from '../api';

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
}

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
    if (last?.items === local.items && last.meta === local.meta && last.searching === searching)
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
      return;
    }
    if (this.#tab === 'all') void this.#askLocal(this.#generation, this.#query.trim());
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
    if (this.#local !== null && generation <= this.#local.generation) return;
    this.#local = {
      generation,
      query,
      items: reply.value.data.results,
      meta: reply.value.meta,
    };
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

export const search = new SearchState();
