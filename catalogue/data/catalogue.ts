import { Rng, mix } from './prng';
import { drawWords, renderTitle, type TitleWords } from './titles';
import { fold } from './fold';
import { movieGenres, tvGenres } from './genres';
import { familyNames, givenNames, type Language } from './words';
import { providers } from './providers';
import { crewDepartments } from './jobs';
import { Clock } from './clock';
import { isoDay } from './days';
import { MessyData } from './messy';
import { demoPicksOf, isDesignated, soonOffset, type DemoPicks } from './demo-picks';
import {
  KIND,
  PersonRecord,
  TitleRecord,
  collectionId,
  indexFromId,
  movieId,
  personId,
  tvId,
  type CollectionCore,
  type PersonCore,
  type TitleCore,
  type TitleFields,
} from './cores';
import {
  ORIGINAL_LANGUAGES,
  ORIGIN_COUNTRY,
  drawDate,
  drawGenres,
  premiereOffset,
} from './title-draws';

export type { CollectionCore, PersonCore, TitleCore } from './cores';
export { collectionId, movieId, personId, tvId } from './cores';

export interface CatalogueDataOptions {
  readonly titles: number;
  readonly seed: number;
  readonly imageBase: string;
  /** The clock; dates are laid out around its day when the catalogue is built. Date.now by default. */
  readonly clock?: Clock;
  /** Real-world messy data (messy.ts). Off unless asked; the server turns it on by default. */
  readonly messy?: boolean;
}

/** Collections keep every other block of ten films' first three, so about 15% of films are in one. */
const COLLECTION_BLOCK = 20;
const COLLECTION_PARTS = 3;

/**
 * A deterministic generated catalogue: the same seed gives the same films, series, people and
 * collections. Only compact cores live in memory; details, credits and images are built on request
 * from each item's own PRNG stream.
 */
export class Catalogue {
  readonly movies: readonly TitleCore[];
  readonly tv: readonly TitleCore[];
  readonly people: readonly PersonCore[];
  readonly collections: readonly CollectionCore[];
  readonly seed: number;
  readonly imageBase: string;
  readonly clock: Clock;
  /** The clock's day when the catalogue was built: every air and release date is laid out around it. */
  readonly anchorDay: number;
  readonly messy: MessyData;
  private demoPicks: DemoPicks | undefined;
  private readonly sorted = new Map<string, readonly TitleCore[]>();
  private readonly actorPool: number[] = [];
  private peopleByPopularity: readonly PersonCore[] | undefined;
  private readonly crewPool: number[] = [];

  constructor(readonly options: CatalogueDataOptions) {
    if (!Number.isInteger(options.titles) || options.titles < 20 || options.titles > 1_000_000) {
      throw new Error('titles must be a whole number within 20..1000000');
    }
    this.seed = options.seed;
    this.imageBase = options.imageBase;
    this.clock = options.clock ?? new Clock();
    this.anchorDay = this.clock.day();
    const movieCount = Math.round(options.titles * 0.7);
    const tvCount = options.titles - movieCount;
    const personCount = Math.max(300, options.titles * 2);
    const collectionCount = Math.floor(movieCount / COLLECTION_BLOCK);
    const inCollection = (index: number): boolean =>
      Math.floor(index / COLLECTION_BLOCK) < collectionCount &&
      index % COLLECTION_BLOCK < COLLECTION_PARTS;
    this.messy = new MessyData({
      enabled: options.messy ?? false,
      seed: options.seed,
      counts: { movie: movieCount, tv: tvCount, person: personCount },
      ids: { movie: movieId, tv: tvId, person: personId },
      keepClean: isDesignated,
      mayDuplicate: (kind, index) =>
        kind === 'tv' || (!inCollection(index) && !inCollection(index - 1)),
    });
    const people: PersonCore[] = [];
    for (let i = 0; i < personCount; i += 1) people.push(this.makePerson(i, i === personCount - 1));
    this.people = people;
    for (const person of people.slice(0, -1))
      (person.department === 'Acting' ? this.actorPool : this.crewPool).push(person.index);
    const movies: TitleCore[] = [];
    for (let i = 0; i < movieCount; i += 1)
      movies.push(this.makeTitle('movie', i, collectionCount, this.twinOf('movie', movies, i)));
    this.movies = movies;
    const tv: TitleCore[] = [];
    for (let i = 0; i < tvCount; i += 1)
      tv.push(this.makeTitle('tv', i, 0, this.twinOf('tv', tv, i)));
    this.tv = tv;
    const collections: CollectionCore[] = [];
    for (let c = 0; c < collectionCount; c += 1) {
      const first = movies[c * COLLECTION_BLOCK];
      if (!first) break;
      const name = `${renderTitle(first.words, 'en')} Collection`;
      const parts = Array.from({ length: COLLECTION_PARTS }, (_, k) => c * COLLECTION_BLOCK + k);
      collections.push({ index: c, id: collectionId(c), name, parts, folded: fold(name) });
    }
    this.collections = collections;
  }

  rng(...parts: readonly number[]): Rng {
    return new Rng(mix(this.seed, ...parts));
  }

  /** The clock's current day as `YYYY-MM-DD`: what has aired or been released is on or before it. */
  get today(): string {
    return this.clock.today();
  }

  /** The clock's day when the catalogue was built, as `YYYY-MM-DD`. */
  get anchor(): string {
    return isoDay(this.anchorDay);
  }

  /** The designated airing series, soon-released films and the demo account's library. */
  get picks(): DemoPicks {
    this.demoPicks ??= demoPicksOf(this);
    return this.demoPicks;
  }

  /** The title a messy duplicate takes its name from: the one just before it. */
  private twinOf(
    kind: 'movie' | 'tv',
    built: readonly TitleCore[],
    index: number,
  ): TitleCore | undefined {
    return this.messy.is(kind, index, 'duplicateName') ? built[index - 1] : undefined;
  }

  private makeTitle(
    kind: 'movie' | 'tv',
    index: number,
    collectionCount: number,
    twin: TitleCore | undefined,
  ): TitleCore {
    const rng = this.rng(KIND[kind], index);
    const block = Math.floor(index / COLLECTION_BLOCK);
    const inCollection =
      kind === 'movie' && block < collectionCount && index % COLLECTION_BLOCK < COLLECTION_PARTS;
    // Films of one collection share their title words; later parts carry a number.
    const drawnWords = inCollection
      ? drawWords(this.rng(KIND.movie, block * COLLECTION_BLOCK, 7))
      : drawWords(rng);
    const part = index % COLLECTION_BLOCK;
    const words = twin?.words ?? drawnWords;
    const suffix = twin ? twin.suffix : inCollection && part > 0 ? ` ${part + 1}` : '';
    const title = renderTitle(words, 'en') + suffix;
    const originalLanguage = inCollection ? 'en' : rng.pick(ORIGINAL_LANGUAGES);
    const drawn = drawDate(rng, kind);
    const offset =
      kind === 'movie'
        ? (soonOffset(this.seed, index) ?? drawn.offset)
        : premiereOffset(this.seed, index, drawn.offset);
    const date = isoDay(this.anchorDay + offset);
    const upcoming = offset > 0;
    const popularity = Math.round(Math.exp(rng.float() * 6.5) * 1000) / 1000;
    const voteCount = upcoming ? 0 : Math.floor(popularity * rng.float() * 120);
    const voteAverage = voteCount === 0 ? 0 : Math.round((3.8 + rng.float() * 4.9) * 1000) / 1000;
    // From the drawn year, so trending does not reshuffle as the clock's day changes.
    const recency = drawn.year >= 2025 ? 4 : 1;
    let providerMask = 0;
    providers.forEach((_p, i) => {
      if (rng.chance(0.22)) providerMask |= 1 << i;
    });
    const genreIds = drawGenres(rng, kind === 'movie' ? movieGenres : tvGenres);
    const fields: TitleFields = {
      kind,
      index,
      id: kind === 'movie' ? movieId(index) : tvId(index),
      words,
      suffix,
      title,
      originalLanguage,
      date,
      genreIds,
      popularity,
      trendDay: Math.round(popularity * recency * (0.2 + rng.float()) * 1000) / 1000,
      trendWeek: Math.round(popularity * recency * (0.6 + rng.float() * 0.4) * 1000) / 1000,
      voteAverage,
      voteCount,
      adult: rng.chance(0.01),
      revenue: kind === 'movie' && !upcoming ? Math.floor(popularity * rng.float() * 2_000_000) : 0,
      providerMask,
      originCountry: ORIGIN_COUNTRY[originalLanguage] ?? 'US',
      collection: inCollection ? block : -1,
      folded: fold(`${title} ${this.originalTitleOf(words, originalLanguage)}${suffix}`),
    };
    return new TitleRecord(fields, this.seed);
  }

  private originalTitleOf(words: TitleWords, originalLanguage: string): string {
    return originalLanguage === 'de' || originalLanguage === 'fr' || originalLanguage === 'es'
      ? renderTitle(words, originalLanguage)
      : renderTitle(words, 'en');
  }

  /** The title in its original language. */
  originalTitle(core: TitleCore): string {
    return this.originalTitleOf(core.words, core.originalLanguage) + core.suffix;
  }

  /** The title as TMDB shows it for a `language` (translated where a translation exists). */
  localTitle(core: TitleCore, language: Language): string {
    return renderTitle(core.words, language) + core.suffix;
  }

  private makePerson(index: number, latest: boolean): PersonCore {
    const rng = this.rng(KIND.person, index);
    const given = rng.pick(givenNames);
    const family = rng.pick(familyNames);
    const name = `${given} ${family}`;
    const department = latest
      ? 'Acting'
      : rng.chance(0.7)
        ? 'Acting'
        : rng.pick(crewDepartments).department;
    // A newly created person has nothing filled in yet: no image, tiny popularity.
    const popularity = latest ? 0 : Math.round(Math.exp(rng.float() * 5) * 1000) / 1000;
    return new PersonRecord(
      index,
      personId(index),
      name,
      rng.int(0, 2),
      department,
      popularity,
      fold(name),
      this.seed,
      latest,
    );
  }

  movieByIndex(index: number): TitleCore | undefined {
    return this.movies[index];
  }

  movieById(id: number): TitleCore | undefined {
    const index = indexFromId(id, 100, 3, this.movies.length);
    return index === undefined ? undefined : this.movies[index];
  }

  tvById(id: number): TitleCore | undefined {
    const index = indexFromId(id, 1000, 2, this.tv.length);
    return index === undefined ? undefined : this.tv[index];
  }

  personById(id: number): PersonCore | undefined {
    const index = indexFromId(id, 500, 5, this.people.length);
    return index === undefined ? undefined : this.people[index];
  }

  collectionById(id: number): CollectionCore | undefined {
    const index = indexFromId(id, 9000, 7, this.collections.length);
    return index === undefined ? undefined : this.collections[index];
  }

  /** Titles sorted by a key, cached per key. */
  sortedBy(
    kind: 'movie' | 'tv',
    key: 'popularity' | 'trendDay' | 'trendWeek' | 'voteAverage',
  ): readonly TitleCore[] {
    const cacheKey = `${kind}:${key}`;
    let list = this.sorted.get(cacheKey);
    if (!list) {
      const source = kind === 'movie' ? this.movies : this.tv;
      list = [...source].sort((a, b) => b[key] - a[key] || a.id - b.id);
      this.sorted.set(cacheKey, list);
    }
    return list;
  }

  /** People, most popular first (the newest person has no popularity yet and comes last). */
  popularPeople(): readonly PersonCore[] {
    this.peopleByPopularity ??= [...this.people].sort(
      (a, b) => b.popularity - a.popularity || a.id - b.id,
    );
    return this.peopleByPopularity;
  }

  /** An actor (person index) for a slot of a credit list, from that list's stream. */
  actorFor(rng: Rng): PersonCore {
    const index = this.actorPool[Math.floor(rng.float() * this.actorPool.length)] ?? 0;
    return this.people[index] ?? this.latestPerson;
  }

  crewFor(rng: Rng): PersonCore {
    const index = this.crewPool[Math.floor(rng.float() * this.crewPool.length)] ?? 0;
    return this.people[index] ?? this.latestPerson;
  }

  get latestPerson(): PersonCore {
    const last = this.people[this.people.length - 1];
    if (!last) throw new Error('the catalogue has no people');
    return last;
  }

  imageUrl(size: string, path: string): string {
    return `${this.imageBase}/${size}${path}`;
  }
}
