import type Database from 'better-sqlite3';

export interface TitleKey {
  mediaType: 'movie' | 'tv';
  id: number;
}

/** What the availability index knows of one title in one region. */
export interface TitleStreams {
  /** The title's providers were seen at all (in any region). */
  known: boolean;
  /** Among the providers asked about, those that offer it in the region by an offer asked about. */
  providerIds: Set<number>;
}

export interface AvailabilityStore {
  /**
   * For each title, by `"movie:603"` key: whether it is known and which of `providerIds` stream
   * it in `region` by one of `offers`. Titles never seen are missing from the answer.
   */
  lookup(
    items: readonly TitleKey[],
    region: string,
    providerIds: readonly number[],
    offers: readonly string[],
  ): Map<string, TitleStreams>;
}

export const titleKeyOf = (mediaType: string, id: number): string => `${mediaType}:${String(id)}`;

/** Titles per statement: bounded so a statement's JSON argument stays small. */
const CHUNK = 1000;

/**
 * Reads the availability index of the cache (cache migration 005). One statement per thousand
 * titles answers which are known and one which stream on the providers asked about; both walk
 * the primary keys of (kind, id), so a watchlist of 5,000 titles costs a few milliseconds.
 */
export function createAvailabilityStore(db: Database.Database): AvailabilityStore {
  const wanted = `SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?)`;
  const seen = db
    .prepare<[string], [string, number]>(
      `SELECT kind, id FROM availability_seen WHERE (kind, id) IN (${wanted})`,
    )
    .raw();
  const streams = db
    .prepare<[string, string, string, string], [string, number, number]>(
      `SELECT DISTINCT kind, id, provider_id FROM availability
       WHERE (kind, id) IN (${wanted}) AND region = ?
         AND provider_id IN (SELECT value FROM json_each(?))
         AND offer IN (SELECT value FROM json_each(?))`,
    )
    .raw();
  return {
    lookup(items, region, providerIds, offers) {
      const found = new Map<string, TitleStreams>();
      for (let start = 0; start < items.length; start += CHUNK) {
        const keys = JSON.stringify(
          items.slice(start, start + CHUNK).map((item) => [item.mediaType, item.id]),
        );
        for (const [kind, id] of seen.all(keys))
          found.set(titleKeyOf(kind, id), { known: true, providerIds: new Set() });
        if (providerIds.length === 0 || offers.length === 0) continue;
        const rows = streams.all(keys, region, JSON.stringify(providerIds), JSON.stringify(offers));
        for (const [kind, id, providerId] of rows)
          found.get(titleKeyOf(kind, id))?.providerIds.add(providerId);
      }
      return found;
    },
  };
}
