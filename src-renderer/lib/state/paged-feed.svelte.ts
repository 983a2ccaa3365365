import type { Provenance } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { dedupe } from '../dedupe';

export type FeedStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The part of TMDB's paged envelope a feed reads. */
export interface PageOf<T> {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
  /** Results the core could not read and left out (src-shared/tmdb/schemas/tolerant.ts). */
  skipped?: number | undefined;
}

export type PageReply<T> = IpcResult<{ data: PageOf<T>; meta: Provenance }>;

/** TMDB serves at most 500 pages of any list. */
const LAST_PAGE = 500;

/**
 * A TMDB list read page by page, for infinite scroll. Each load carries a sequence number and only
 * the answer of the latest one is applied, so a reload (new filters, a new query) is never
 * overwritten by an older request that answers late. A failed page keeps the pages already shown.
 */
export class PagedFeed<T> {
  #items = $state.raw<readonly T[]>([]);
  #page = $state(0);
  #totalPages = $state(0);
  #totalResults = $state(0);
  #status = $state<FeedStatus>('idle');
  #error = $state.raw<IpcError | null>(null);
  #meta = $state.raw<Provenance | null>(null);
  #skipped = $state(0);
  #sequence = 0;
  readonly #load: (page: number) => Promise<PageReply<T>>;
  readonly #key: (item: T) => string;

  /**
   * `key` identifies an item: TMDB's pages shift while one scrolls (popularity changes), so the
   * same title can come back on the next page and would otherwise be shown twice.
   */
  constructor(load: (page: number) => Promise<PageReply<T>>, key: (item: T) => string) {
    this.#load = load;
    this.#key = key;
  }

  get items(): readonly T[] {
    return this.#items;
  }
  get page(): number {
    return this.#page;
  }
  get totalResults(): number {
    return this.#totalResults;
  }
  get status(): FeedStatus {
    return this.#status;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  /** Provenance of the most recent page; a page from the cache marks the whole feed as offline. */
  /** How many results of the pages shown could not be read: said quietly, never an error. */
  get skipped(): number {
    return this.#skipped;
  }

  get meta(): Provenance | null {
    return this.#meta;
  }
  get loading(): boolean {
    return this.#status === 'loading';
  }
  get hasMore(): boolean {
    return this.#page > 0 && this.#page < Math.min(this.#totalPages, LAST_PAGE);
  }
  /** Loaded, and TMDB has nothing. */
  get empty(): boolean {
    return this.#page > 0 && this.#items.length === 0;
  }

  /** Loads the first page unless something is loaded or loading. */
  async ensure(): Promise<void> {
    if (this.#status === 'idle' || (this.#status === 'error' && this.#page === 0))
      await this.reload();
  }

  /** Starts over from page 1; whatever was in flight is ignored when it answers. */
  async reload(): Promise<void> {
    const sequence = ++this.#sequence;
    this.#status = 'loading';
    this.#error = null;
    const reply = await this.#load(1);
    if (sequence !== this.#sequence) return;
    if (reply.ok) {
      this.#items = dedupe([], reply.value.data.results, this.#key);
      this.#skipped = 0;
      this.#apply(reply.value.data, reply.value.meta);
    } else {
      this.#items = [];
      this.#page = 0;
      this.#fail(reply.error);
    }
  }

  /** Appends the next page; does nothing while a page is loading or when there is none. */
  async loadMore(): Promise<void> {
    if (this.#status === 'loading' || !this.hasMore) return;
    const sequence = ++this.#sequence;
    this.#status = 'loading';
    this.#error = null;
    const reply = await this.#load(this.#page + 1);
    if (sequence !== this.#sequence) return;
    if (reply.ok) {
      this.#items = dedupe(this.#items, reply.value.data.results, this.#key);
      this.#apply(reply.value.data, reply.value.meta);
    } else {
      this.#fail(reply.error);
    }
  }

  /** Retries what failed: the first page, or the next one. */
  async retry(): Promise<void> {
    await (this.#page === 0 ? this.reload() : this.loadMore());
  }

  /** Shows a page that arrived with something else (e.g. recommendations appended to a film's details). */
  seed(data: PageOf<T>, meta: Provenance): void {
    this.#sequence += 1;
    this.#items = dedupe([], data.results, this.#key);
    this.#skipped = 0;
    this.#apply(data, meta);
  }

  reset(): void {
    this.#sequence += 1;
    this.#items = [];
    this.#page = 0;
    this.#totalPages = 0;
    this.#totalResults = 0;
    this.#status = 'idle';
    this.#error = null;
    this.#meta = null;
    this.#skipped = 0;
  }

  #apply(data: PageOf<T>, meta: Provenance): void {
    this.#page = data.page;
    this.#totalPages = data.total_pages;
    this.#totalResults = data.total_results;
    this.#skipped += data.skipped ?? 0;
    this.#meta = this.#meta?.source === 'cache' && data.page > 1 ? this.#meta : meta;
    this.#status = 'ready';
  }

  #fail(error: IpcError): void {
    this.#error = error;
    this.#status = 'error';
  }
}
