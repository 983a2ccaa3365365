import type { ChannelOutput } from '../../../src-shared/ipc/contract';
import { PagedFeed } from '../../components/ui/paged-feed.svelte';
import { call } from '../api';

export type MultiResult = ChannelOutput<'search.multi'>['data']['results'][number];
export type CollectionResult = ChannelOutput<'search.collections'>['data']['results'][number];
export type SearchTab = 'all' | 'collections';

/** Long enough to skip the requests of a word being typed, short enough to feel immediate. */
export const SEARCH_DELAY_MS = 200;
/** The contract's limit; longer text is cut rather than refused while typing. */
const MAX_QUERY = 200;

/**
 * Search as you type. Typing restarts a short timer; when it fires, the query is sent. Every
 * request carries a sequence number (inside the feed) and only the latest one's answer is shown,
 * so a slow answer for "arr" can never replace the results for "arrival".
 */
export class SearchState {
  #query = $state('');
  #sent = $state('');
  #tab = $state<SearchTab>('all');
  #collectionsFor: string | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  readonly #delay: number;

  readonly results = new PagedFeed<MultiResult>(
    (page) => call('search.multi', { query: this.#sent, page }),
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
  /** The query the results on screen answer. */
  get sentQuery(): string {
    return this.#sent;
  }
  get tab(): SearchTab {
    return this.#tab;
  }
  /** The feed of the open tab. */
  get active(): PagedFeed<MultiResult> | PagedFeed<CollectionResult> {
    return this.#tab === 'all' ? this.results : this.collections;
  }

  setQuery(text: string): void {
    this.#query = text.slice(0, MAX_QUERY);
    this.#cancelTimer();
    if (this.#query.trim() === '') {
      this.#clearResults();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#send();
    }, this.#delay);
  }

  /** Enter in the search box: no need to wait for the timer. */
  submit(): void {
    this.#cancelTimer();
    if (this.#query.trim() !== '') this.#send();
  }

  setTab(tab: SearchTab): void {
    this.#tab = tab;
    if (tab === 'collections' && this.#sent !== '' && this.#collectionsFor !== this.#sent)
      this.#loadCollections();
  }

  reset(): void {
    this.#cancelTimer();
    this.#query = '';
    this.#tab = 'all';
    this.#clearResults();
  }

  #send(): void {
    const query = this.#query.trim();
    if (query === this.#sent && this.active.status !== 'error' && this.active.status !== 'idle')
      return;
    this.#sent = query;
    this.#collectionsFor = null;
    if (this.#tab === 'all') void this.results.reload();
    else this.#loadCollections();
  }

  #loadCollections(): void {
    this.#collectionsFor = this.#sent;
    void this.collections.reload();
  }

  #clearResults(): void {
    this.#sent = '';
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
