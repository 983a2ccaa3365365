import type { ChannelOutput } from '../../../src-shared/ipc/contract';
import { Memo } from '../memo';
import { PagedFeed } from './paged-feed.svelte';
import { RemoteValue } from './remote-value.svelte';
import { TitleActions } from './title-actions.svelte';
import { call } from '../api';

export type MovieDetails = ChannelOutput<'movie.details'>['data'];
export type Recommendation = ChannelOutput<'movie.recommendations'>['data']['results'][number];
export type SeriesDetails = ChannelOutput<'tv.details'>['data'];
export type SimilarSeries = ChannelOutput<'tv.similar'>['data']['results'][number];
export type Season = ChannelOutput<'tv.season'>['data'];
export type EpisodeCredits = ChannelOutput<'tv.episodeCredits'>['data'];
export type SeasonTranslations = ChannelOutput<'tv.seasonTranslations'>['data'];
export type EpisodeGroupList = ChannelOutput<'tv.episodeGroups'>['data'];
export type EpisodeGroup = ChannelOutput<'tv.episodeGroup'>['data'];
export type PersonDetails = ChannelOutput<'person.details'>['data'];
export type TaggedImage = ChannelOutput<'person.taggedImages'>['data']['results'][number];

const byId = (item: { id: number }): string => String(item.id);

/** The user's region (from Settings), which orders release dates and picks watch providers. */
async function userRegion(): Promise<string | null> {
  const reply = await call('settings.get');
  return reply.ok ? reply.value.region : null;
}

/** A film's page: its details (with release dates, providers and credits), recommendations and the user's marks. */
export class MoviePage {
  readonly id: number;
  readonly details: RemoteValue<MovieDetails>;
  readonly recommendations: PagedFeed<Recommendation>;
  readonly actions: TitleActions;
  #region = $state<string | null>(null);

  constructor(id: number) {
    this.id = id;
    this.details = new RemoteValue(() => call('movie.details', { id }));
    this.recommendations = new PagedFeed(
      (page) => call('movie.recommendations', { id, page }),
      byId,
    );
    this.actions = new TitleActions({ mediaType: 'movie', mediaId: id });
  }

  get region(): string | null {
    return this.#region;
  }

  async load(): Promise<void> {
    const [region] = await Promise.all([userRegion(), this.details.load()]);
    this.#region = region;
    const details = this.details.value;
    const meta = this.details.meta;
    // Page 1 of the recommendations came with the details; further pages are asked for on scroll.
    if (details?.recommendations && meta) this.recommendations.seed(details.recommendations, meta);
    else if (details) void this.recommendations.reload();
  }

  reset(): void {
    this.details.reset();
    this.recommendations.reset();
    this.actions.reset();
    this.#region = null;
  }
}

/**
 * A series' page: details, one season at a time with its episodes, per-episode credits and
 * ratings on demand, season translations, episode groups and similar series.
 */
export class SeriesPage {
  readonly id: number;
  readonly details: RemoteValue<SeriesDetails>;
  readonly similar: PagedFeed<SimilarSeries>;
  readonly actions: TitleActions;
  readonly season: RemoteValue<Season>;
  readonly translations: RemoteValue<SeasonTranslations>;
  readonly groups: RemoteValue<EpisodeGroupList>;
  readonly group: RemoteValue<EpisodeGroup>;
  #seasonNumber = $state<number | null>(null);
  #language = $state<string | null>(null);
  #groupId = $state<string | null>(null);
  #region = $state<string | null>(null);
  // A new season renders new episode rows, which ask these again.
  readonly #credits = new Memo<number, RemoteValue<EpisodeCredits>>();
  readonly #episodeActions = new Memo<number, TitleActions>();

  constructor(id: number) {
    this.id = id;
    this.details = new RemoteValue(() => call('tv.details', { id }));
    this.similar = new PagedFeed((page) => call('tv.similar', { id, page }), byId);
    this.actions = new TitleActions({ mediaType: 'tv', mediaId: id });
    this.season = new RemoteValue(() =>
      call('tv.season', { seriesId: id, season: this.#seasonNumber ?? 1 }),
    );
    this.translations = new RemoteValue(() =>
      call('tv.seasonTranslations', { seriesId: id, season: this.#seasonNumber ?? 1 }),
    );
    this.groups = new RemoteValue(() => call('tv.episodeGroups', { seriesId: id }));
    this.group = new RemoteValue(() => call('tv.episodeGroup', { groupId: this.#groupId ?? '' }));
  }

  get seasonNumber(): number | null {
    return this.#seasonNumber;
  }
  /** The chosen translation (`fr-FR`), or null for the season's own texts. */
  get language(): string | null {
    return this.#language;
  }
  get groupId(): string | null {
    return this.#groupId;
  }
  get region(): string | null {
    return this.#region;
  }

  async load(): Promise<void> {
    const [region] = await Promise.all([userRegion(), this.details.load()]);
    this.#region = region;
    const details = this.details.value;
    const meta = this.details.meta;
    if (!details) return;
    if (details.similar && meta) this.similar.seed(details.similar, meta);
    else void this.similar.reload();
    // Season 0 holds specials: the first regular season is the better start when there is one.
    const first = details.seasons.find((s) => s.season_number > 0) ?? details.seasons[0];
    if (first && this.#seasonNumber === null) this.selectSeason(first.season_number);
    void this.groups.ensure();
  }

  selectSeason(season: number): void {
    if (season === this.#seasonNumber) return;
    this.#seasonNumber = season;
    this.#language = null;
    this.#credits.clear();
    this.#episodeActions.clear();
    void this.season.load();
    this.translations.reset();
  }

  /** Loads the translations the first time the language picker is opened. */
  loadTranslations(): void {
    void this.translations.ensure();
  }

  chooseLanguage(code: string | null): void {
    this.#language = code;
  }

  selectGroup(groupId: string | null): void {
    this.#groupId = groupId;
    if (groupId === null) this.group.reset();
    else void this.group.load();
  }

  /** The credits of one episode of the selected season, loaded the first time they are asked for. */
  creditsFor(episode: number): RemoteValue<EpisodeCredits> {
    const season = this.#seasonNumber ?? 1;
    return this.#credits.get(
      episode,
      () =>
        new RemoteValue(() => call('tv.episodeCredits', { seriesId: this.id, season, episode })),
    );
  }

  /** The user's rating of one episode of the selected season. */
  episodeActions(episode: number): TitleActions {
    const season = this.#seasonNumber ?? 1;
    return this.#episodeActions.get(
      episode,
      () => new TitleActions({ mediaType: 'episode', mediaId: this.id, season, episode }),
    );
  }

  reset(): void {
    for (const value of [this.details, this.season, this.translations, this.groups, this.group])
      value.reset();
    this.similar.reset();
    this.actions.reset();
    this.#credits.clear();
    this.#episodeActions.clear();
    this.#seasonNumber = null;
    this.#language = null;
    this.#groupId = null;
    this.#region = null;
  }
}

/** A person's page: biography, known-for titles (from combined credits) and the images they are tagged in. */
export class PersonPage {
  readonly id: number;
  readonly details: RemoteValue<PersonDetails>;
  readonly images: PagedFeed<TaggedImage>;

  constructor(id: number) {
    this.id = id;
    this.details = new RemoteValue(() => call('person.details', { id }));
    this.images = new PagedFeed(
      (page) => call('person.taggedImages', { id, page }),
      (image) => image.file_path,
    );
  }

  async load(): Promise<void> {
    await Promise.all([this.details.load(), this.images.reload()]);
  }

  reset(): void {
    this.details.reset();
    this.images.reset();
  }
}
