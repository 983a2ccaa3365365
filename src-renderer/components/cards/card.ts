import { formatVote, yearOf } from '../../lib/format';

/** What a card or a result row shows; movie, series, person and collection look alike but are told apart. */
export type CardKind = 'movie' | 'tv' | 'person' | 'collection';

export interface Card {
  kind: CardKind;
  id: number;
  title: string;
  /** Year for titles; the department for people. */
  subtitle: string | null;
  /** "7.5", or null when there is none (people, unrated titles). */
  rating: string | null;
  imagePath: string | null;
  /** Where the card leads; null when Marquee has no page for it (collections). */
  href: string | null;
}

export const KIND_LABEL: Record<CardKind, string> = {
  movie: 'Movie',
  tv: 'Series',
  person: 'Person',
  collection: 'Collection',
};

export function detailHref(kind: CardKind, id: number): string | null {
  return kind === 'collection' ? null : `#/${kind}/${id}`;
}

/** The fields any TMDB list item may carry; each helper reads only what its kind has. */
interface Loose {
  id: number;
  title?: string | undefined;
  name?: string | undefined;
  original_title?: string | undefined;
  original_name?: string | undefined;
  release_date?: string | null | undefined;
  first_air_date?: string | null | undefined;
  vote_average?: number | undefined;
  vote_count?: number | undefined;
  poster_path?: string | null | undefined;
  profile_path?: string | null | undefined;
  known_for_department?: string | null | undefined;
}

/**
 * The first of `names` with something in it. TMDB sends null or empty names on some titles, and
 * the schema reads null as empty (src-shared/tmdb/schemas/tolerant.ts), so `??` is not enough.
 */
export function firstName(...names: (string | null | undefined)[]): string | undefined {
  return names.find((name): name is string => typeof name === 'string' && name.trim() !== '');
}

export function movieCard(item: Loose): Card {
  return {
    kind: 'movie',
    id: item.id,
    title: firstName(item.title, item.original_title) ?? 'Untitled film',
    subtitle: yearOf(item.release_date),
    rating: formatVote(item.vote_average, item.vote_count),
    imagePath: item.poster_path ?? null,
    href: detailHref('movie', item.id),
  };
}

export function tvCard(item: Loose): Card {
  return {
    kind: 'tv',
    id: item.id,
    title: firstName(item.name, item.original_name) ?? 'Untitled series',
    subtitle: yearOf(item.first_air_date),
    rating: formatVote(item.vote_average, item.vote_count),
    imagePath: item.poster_path ?? null,
    href: detailHref('tv', item.id),
  };
}

export function personCard(item: Loose): Card {
  return {
    kind: 'person',
    id: item.id,
    title: firstName(item.name) ?? 'Unnamed person',
    subtitle: item.known_for_department ?? null,
    rating: null,
    imagePath: item.profile_path ?? null,
    href: detailHref('person', item.id),
  };
}

export function collectionCard(item: Loose): Card {
  return {
    kind: 'collection',
    id: item.id,
    title: firstName(item.name, item.title, item.original_name) ?? 'Untitled collection',
    subtitle: null,
    rating: null,
    imagePath: item.poster_path ?? null,
    href: null,
  };
}

/** A multi search result or a known-for title, by its `media_type`. */
export function cardOf(item: Loose & { media_type?: string | undefined }): Card {
  switch (item.media_type) {
    case 'tv':
      return tvCard(item);
    case 'person':
      return personCard(item);
    case 'collection':
      return collectionCard(item);
    default:
      return movieCard(item);
  }
}

export const cardKey = (card: { kind: string; id: number }): string => `${card.kind}:${card.id}`;
