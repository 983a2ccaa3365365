import { Rng, mix } from './prng';
import { imagePath } from './image-paths';
import type { TitleWords } from './titles';

/** The compact, always-in-memory part of a film or series; everything else is derived on request. */
export interface TitleCore {
  readonly kind: 'movie' | 'tv';
  readonly index: number;
  readonly id: number;
  readonly words: TitleWords;
  /** Suffix of a film in a collection (`" 2"`), empty otherwise. */
  readonly suffix: string;
  readonly title: string;
  readonly originalLanguage: string;
  readonly date: string;
  readonly genreIds: readonly number[];
  readonly popularity: number;
  readonly trendDay: number;
  readonly trendWeek: number;
  readonly voteAverage: number;
  readonly voteCount: number;
  readonly adult: boolean;
  readonly revenue: number;
  readonly posterPath: string;
  readonly backdropPath: string;
  /** Bit i set: available on providers[i]. */
  readonly providerMask: number;
  readonly originCountry: string;
  /** Collection index, or -1. */
  readonly collection: number;
  readonly folded: string;
}

export interface PersonCore {
  readonly index: number;
  readonly id: number;
  readonly name: string;
  readonly gender: number;
  readonly department: string;
  readonly popularity: number;
  readonly profilePath: string | null;
  readonly folded: string;
}

export interface CollectionCore {
  readonly index: number;
  readonly id: number;
  readonly name: string;
  /** Movie indexes. */
  readonly parts: readonly number[];
  readonly folded: string;
}

/** The stream number of each kind of item, mixed into its PRNG seed. */
export const KIND = { movie: 1, tv: 2, person: 3 } as const;
const IMAGE_STREAM = 5;

/** Every field of a title but its image paths, which are drawn when read. */
export type TitleFields = Omit<TitleCore, 'posterPath' | 'backdropPath'>;

/**
 * A title whose poster and backdrop paths are drawn only when read: most titles of a large
 * catalogue are never shown. A class (getters on the prototype) keeps 100k records cheap.
 */
export class TitleRecord implements TitleCore {
  readonly kind: 'movie' | 'tv';
  readonly index: number;
  readonly id: number;
  readonly words: TitleWords;
  readonly suffix: string;
  readonly title: string;
  readonly originalLanguage: string;
  readonly date: string;
  readonly genreIds: readonly number[];
  readonly popularity: number;
  readonly trendDay: number;
  readonly trendWeek: number;
  readonly voteAverage: number;
  readonly voteCount: number;
  readonly adult: boolean;
  readonly revenue: number;
  readonly providerMask: number;
  readonly originCountry: string;
  readonly collection: number;
  readonly folded: string;
  private paths: [string, string] | undefined;

  constructor(
    fields: TitleFields,
    private readonly seed: number,
  ) {
    this.kind = fields.kind;
    this.index = fields.index;
    this.id = fields.id;
    this.words = fields.words;
    this.suffix = fields.suffix;
    this.title = fields.title;
    this.originalLanguage = fields.originalLanguage;
    this.date = fields.date;
    this.genreIds = fields.genreIds;
    this.popularity = fields.popularity;
    this.trendDay = fields.trendDay;
    this.trendWeek = fields.trendWeek;
    this.voteAverage = fields.voteAverage;
    this.voteCount = fields.voteCount;
    this.adult = fields.adult;
    this.revenue = fields.revenue;
    this.providerMask = fields.providerMask;
    this.originCountry = fields.originCountry;
    this.collection = fields.collection;
    this.folded = fields.folded;
  }

  private draw(): [string, string] {
    if (!this.paths) {
      const rng = new Rng(mix(this.seed, KIND[this.kind], this.index, IMAGE_STREAM));
      this.paths = [imagePath(rng, 'poster'), imagePath(rng, 'backdrop')];
    }
    return this.paths;
  }

  get posterPath(): string {
    return this.draw()[0];
  }

  get backdropPath(): string {
    return this.draw()[1];
  }
}

/** A person whose profile path is drawn only when read; the newest person has none yet. */
export class PersonRecord implements PersonCore {
  private profile: string | undefined;

  constructor(
    readonly index: number,
    readonly id: number,
    readonly name: string,
    readonly gender: number,
    readonly department: string,
    readonly popularity: number,
    readonly folded: string,
    private readonly seed: number,
    private readonly latest: boolean,
  ) {}

  get profilePath(): string | null {
    if (this.latest) return null;
    this.profile ??= imagePath(
      new Rng(mix(this.seed, KIND.person, this.index, IMAGE_STREAM)),
      'profile',
    );
    return this.profile;
  }
}

export const movieId = (index: number): number => 100 + index * 3;
export const tvId = (index: number): number => 1000 + index * 2;
export const personId = (index: number): number => 500 + index * 5;
export const collectionId = (index: number): number => 9000 + index * 7;

/** The index of an item from its id, when the id is one of the catalogue's. */
export function indexFromId(
  id: number,
  base: number,
  step: number,
  count: number,
): number | undefined {
  const offset = id - base;
  if (offset < 0 || offset % step !== 0) return undefined;
  const index = offset / step;
  return index < count ? index : undefined;
}
