import type { CollectionMedia, CollectionName } from '../../lib/state/library.svelte';

const things: Record<CollectionMedia, string> = {
  movie: 'films',
  tv: 'series',
  episode: 'episodes',
};

/** The heading of an empty collection tab, as a sentence ("Your watchlist has no films yet."). */
export function emptyCollectionTitle(collection: CollectionName, media: CollectionMedia): string {
  switch (collection) {
    case 'watchlist':
      return `Your watchlist has no ${things[media]} yet.`;
    case 'favorites':
      return `You have no favourite ${things[media]} yet.`;
    case 'rated':
      return `You have not rated any ${things[media]} yet.`;
  }
}
