import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { LibraryItem } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { coalesce } from '../coalesce';

export type CollectionName = 'watchlist' | 'favorites' | 'rated';
export type CollectionMedia = 'movie' | 'tv' | 'episode';

/** The media tabs of each collection: only ratings cover single episodes. */
export const mediaTabs: Record<CollectionName, readonly CollectionMedia[]> = {
  watchlist: ['movie', 'tv'],
  favorites: ['movie', 'tv'],
  rated: ['movie', 'tv', 'episode'],
};

/** Marks the arrival of a collection's data, for the renderer benchmark's paint timing. */
export const COLLECTION_DATA_MARK = 'marquee:collection-data';

/**
 * One of the account's collections (watchlist, favourites, rated) for one media type, read from
 * the local library so it shows offline. `library.changed` reloads it, so a change made anywhere
 * (a details page, another tab) shows at once with its "Waiting to sync" marker.
 */
export class LibraryState {
  #collection = $state<CollectionName>('watchlist');
  #media = $state<CollectionMedia>('movie');
  #items = $state.raw<readonly LibraryItem[]>([]);
  #counts = $state.raw<Record<string, number>>({});
  #loading = $state(false);
  #loaded = $state(false);
  #error = $state.raw<IpcError | null>(null);
  #generation = 0;

  get collection(): CollectionName {
    return this.#collection;
  }
  get media(): CollectionMedia {
    return this.#media;
  }
  get items(): readonly LibraryItem[] {
    return this.#items;
  }
  get loading(): boolean {
    return this.#loading;
  }
  /** True once the current collection and media type have loaded. */
  get loaded(): boolean {
    return this.#loaded;
  }
  get error(): IpcError | null {
    return this.#error;
  }

  /** How many items the current collection holds of a media type (the tab counts). */
  count(media: CollectionMedia): number {
    return this.#counts[media] ?? 0;
  }

  /**
   * Follows `library.changed`, and the end of each sync run (which clears "Waiting to sync"
   * markers without changing the collection); returns the function that stops.
   */
  start(bridge: MarqueeApi): () => void {
    const reload = coalesce(() => this.load());
    const stops = [
      bridge.on('library.changed', ({ collections }) => {
        if (collections.includes(this.#collection)) void reload();
      }),
      bridge.on('sync.status', (status) => {
        if (!status.running && this.#loaded) void reload();
      }),
    ];
    return () => {
      stops.forEach((stop) => {
        stop();
      });
    };
  }

  /** Switches collection or media type and loads it; a media type the collection lacks becomes films. */
  async show(collection: CollectionName, media: CollectionMedia = this.#media): Promise<void> {
    const nextMedia = mediaTabs[collection].includes(media) ? media : 'movie';
    if (collection !== this.#collection || nextMedia !== this.#media) {
      this.#collection = collection;
      this.#media = nextMedia;
      this.#items = [];
      this.#loaded = false;
    }
    await this.load();
  }

  async load(): Promise<void> {
    const generation = ++this.#generation;
    this.#loading = true;
    const result = await call('library.collection', {
      collection: this.#collection,
      mediaType: this.#media,
    });
    // A newer request (another tab was opened meanwhile) wins.
    if (generation !== this.#generation) return;
    this.#loading = false;
    if (result.ok) {
      performance.mark(COLLECTION_DATA_MARK);
      this.#items = result.value.items;
      this.#counts = result.value.counts;
      this.#error = null;
      this.#loaded = true;
    } else {
      // What was shown stays: an error never empties the list the user is looking at.
      this.#error = result.error;
    }
  }

  /** Takes an item off the current collection (unrating, for Rated). Returns the error, if any. */
  async remove(item: LibraryItem): Promise<IpcError | null> {
    const result =
      this.#collection === 'rated'
        ? await call('library.rate', {
            target:
              item.mediaType === 'episode'
                ? {
                    mediaType: 'episode',
                    mediaId: item.mediaId,
                    season: item.season ?? 0,
                    episode: item.episode ?? 1,
                  }
                : { mediaType: item.mediaType, mediaId: item.mediaId },
            value: null,
          })
        : item.mediaType === 'episode'
          ? null
          : await call(
              this.#collection === 'watchlist' ? 'library.setWatchlist' : 'library.setFavorite',
              {
                mediaType: item.mediaType,
                mediaId: item.mediaId,
                on: false,
              },
            );
    if (result === null) return { code: 'invalid_input', message: 'Episodes can only be rated.' };
    if (!result.ok) return result.error;
    await this.load();
    return null;
  }

  reset(): void {
    this.#generation += 1;
    this.#collection = 'watchlist';
    this.#media = 'movie';
    this.#items = [];
    this.#counts = {};
    this.#loading = false;
    this.#loaded = false;
    this.#error = null;
  }
}

export const library = new LibraryState();
