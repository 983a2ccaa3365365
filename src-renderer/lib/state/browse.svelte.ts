import type { ChannelInput, ChannelOutput } from '../../../src-shared/ipc/contract';
import { PagedFeed } from './paged-feed.svelte';
import { RemoteValue } from './remote-value.svelte';
import { call } from '../api';
import { availability } from './availability.svelte';

type Results<
  C extends
    'browse.trendingTv' | 'browse.topRatedTv' | 'browse.popularPeople' | 'browse.discoverMovies',
> = ChannelOutput<C>['data']['results'][number];

export type TrendingSeries = Results<'browse.trendingTv'>;
export type TopRatedSeries = Results<'browse.topRatedTv'>;
export type PopularPerson = Results<'browse.popularPeople'>;
export type DiscoveredMovie = Results<'browse.discoverMovies'>;
export type LatestPerson = ChannelOutput<'browse.latestPerson'>['data'];
export type GenreList = ChannelOutput<'reference.genres'>['data'];
export type ProviderList = ChannelOutput<'reference.watchProviders'>['providers']['data'];
export type TrendingWindow = 'day' | 'week';
export type SortBy = NonNullable<ChannelInput<'browse.discoverMovies'>['sortBy']>;

/** The discover filters as the UI holds them; undefined means "any". */
export interface DiscoverFilters {
  sortBy: SortBy;
  genres: readonly number[];
  yearFrom: number | undefined;
  yearTo: number | undefined;
  ratingMin: number | undefined;
  ratingMax: number | undefined;
  originalLanguage: string | undefined;
  providers: readonly number[];
  /** Only films on my services (my providers and region, as main knows them). */
  onMine: boolean;
}

export const DEFAULT_FILTERS: DiscoverFilters = {
  sortBy: 'popularity.desc',
  genres: [],
  yearFrom: undefined,
  yearTo: undefined,
  ratingMin: undefined,
  ratingMax: undefined,
  originalLanguage: undefined,
  providers: [],
  onMine: false,
};

export const SORT_OPTIONS: readonly { value: SortBy; label: string }[] = [
  { value: 'popularity.desc', label: 'Most popular' },
  { value: 'popularity.asc', label: 'Least popular' },
  { value: 'vote_average.desc', label: 'Highest rated' },
  { value: 'vote_average.asc', label: 'Lowest rated' },
  { value: 'primary_release_date.desc', label: 'Newest' },
  { value: 'primary_release_date.asc', label: 'Oldest' },
  { value: 'title.asc', label: 'Title A–Z' },
  { value: 'title.desc', label: 'Title Z–A' },
];

const byId = (item: { id: number }): string => String(item.id);

/** Why the filters cannot be applied as they are, or null. */
export function filterProblem(filters: DiscoverFilters): string | null {
  if (
    filters.yearFrom !== undefined &&
    filters.yearTo !== undefined &&
    filters.yearFrom > filters.yearTo
  ) {
    return 'The “from” year is after the “to” year.';
  }
  if (
    filters.ratingMin !== undefined &&
    filters.ratingMax !== undefined &&
    filters.ratingMin > filters.ratingMax
  ) {
    return 'The minimum rating is above the maximum.';
  }
  return null;
}

/** How many filters differ from the defaults (sorting is not a filter). */
export function activeFilterCount(filters: DiscoverFilters): number {
  return (
    (filters.genres.length > 0 ? 1 : 0) +
    (filters.yearFrom !== undefined || filters.yearTo !== undefined ? 1 : 0) +
    (filters.ratingMin !== undefined || filters.ratingMax !== undefined ? 1 : 0) +
    (filters.originalLanguage !== undefined ? 1 : 0) +
    (filters.providers.length > 0 || filters.onMine ? 1 : 0)
  );
}

/**
 * The Browse screen: trending and top-rated series, popular people with the newest person, and
 * films found by discover filters. Each shelf pages on its own; changing a filter starts the
 * discover results over, and only the answer for the latest filters is shown.
 */
export class BrowseState {
  #window = $state<TrendingWindow>('day');
  #filters = $state.raw<DiscoverFilters>(DEFAULT_FILTERS);
  #region = $state<string | null>(null);

  readonly trending = new PagedFeed<TrendingSeries>(
    (page) => call('browse.trendingTv', { window: this.#window, page }),
    byId,
  );
  readonly topRated = new PagedFeed<TopRatedSeries>(
    (page) => call('browse.topRatedTv', { page }),
    byId,
  );
  readonly people = new PagedFeed<PopularPerson>(
    (page) => call('browse.popularPeople', { page }),
    byId,
  );
  readonly latestPerson = new RemoteValue<LatestPerson>(() => call('browse.latestPerson'));
  readonly discover = new PagedFeed<DiscoveredMovie>(async (page) => {
    const input = this.#discoverInput(page);
    const reply = await call('browse.discoverMovies', input);
    // A page on my services told the core where its films stream: read their marks afresh.
    if (reply.ok && input.onMyServices === true)
      availability.renew(reply.value.data.results.map((m) => ({ mediaType: 'movie', id: m.id })));
    return reply;
  }, byId);
  readonly genres = new RemoteValue<GenreList>(() => call('reference.genres', { media: 'movie' }));
  readonly providers = new RemoteValue<ProviderList>(async () => {
    // Providers differ by country: those of the region chosen in Settings are offered.
    const settings = await call('settings.get');
    const region = settings.ok ? settings.value.region : undefined;
    this.#region = region ?? null;
    const reply = await call('reference.watchProviders', region ? { region } : {});
    return reply.ok ? { ok: true, value: reply.value.providers } : reply;
  });

  get trendingWindow(): TrendingWindow {
    return this.#window;
  }
  get filters(): DiscoverFilters {
    return this.#filters;
  }
  get region(): string | null {
    return this.#region;
  }

  readonly problem = $derived(filterProblem(this.#filters));
  readonly activeFilters = $derived(activeFilterCount(this.#filters));

  /** Loads every shelf that has not loaded yet. */
  start(): void {
    void this.trending.ensure();
    void this.topRated.ensure();
    void this.people.ensure();
    void this.latestPerson.ensure();
    void this.genres.ensure();
    void this.providers.ensure();
    void this.discover.ensure();
  }

  setTrendingWindow(window: TrendingWindow): void {
    if (window === this.#window) return;
    this.#window = window;
    void this.trending.reload();
  }

  /** Changes some filters and starts the results over (unless the filters contradict each other). */
  setFilters(patch: Partial<DiscoverFilters>): void {
    this.#filters = { ...this.#filters, ...patch };
    if (filterProblem(this.#filters) === null) void this.discover.reload();
  }

  toggleGenre(id: number): void {
    const genres = this.#filters.genres;
    this.setFilters({
      genres: genres.includes(id) ? genres.filter((g) => g !== id) : [...genres, id],
    });
  }

  toggleProvider(id: number): void {
    const providers = this.#filters.providers;
    this.setFilters({
      providers: providers.includes(id) ? providers.filter((p) => p !== id) : [...providers, id],
    });
  }

  resetFilters(): void {
    this.setFilters(DEFAULT_FILTERS);
  }

  reset(): void {
    this.#window = 'day';
    this.#filters = DEFAULT_FILTERS;
    this.#region = null;
    for (const feed of [this.trending, this.topRated, this.people, this.discover]) feed.reset();
    this.latestPerson.reset();
    this.genres.reset();
    this.providers.reset();
  }

  #discoverInput(page: number): ChannelInput<'browse.discoverMovies'> {
    const f = this.#filters;
    return {
      page,
      sortBy: f.sortBy,
      genres: [...f.genres],
      providers: [...f.providers],
      ...(f.onMine ? { onMyServices: true } : {}),
      ...(f.yearFrom !== undefined ? { yearFrom: f.yearFrom } : {}),
      ...(f.yearTo !== undefined ? { yearTo: f.yearTo } : {}),
      ...(f.ratingMin !== undefined ? { ratingMin: f.ratingMin } : {}),
      ...(f.ratingMax !== undefined ? { ratingMax: f.ratingMax } : {}),
      ...(f.originalLanguage !== undefined ? { originalLanguage: f.originalLanguage } : {}),
    };
  }
}

export const browse = new BrowseState();
