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

/** More titles written since the last look than this: everything is read again. */
const CATCH_UP_LIMIT = 500;

interface Snapshot {
  /** region, providers and offers it was read for. */
  query: string;
  /** The last log entry it includes. */
  seq: number;
  known: Set<string>;
  streams: Map<string, Set<number>>;
}

/**
 * Reads the availability index of the cache (cache migration 005), held in memory for the region,
 * providers and offers asked about: which titles are known, and which stream on those providers.
 * Each lookup first reads the titles written since (`availability_log`, usually none or a few),
 * so an answer costs one small query plus a Map lookup per title. Reading the whole index again
 * (a change of my services, or far behind the log) is one pass over two indexes.
 */
export function createAvailabilityStore(db: Database.Database): AvailabilityStore {
  const head = db
    .prepare<[], [number | null, number | null]>('SELECT max(seq), min(seq) FROM availability_log')
    .raw();
  const changed = db
    .prepare<[number], [string, number]>(
      'SELECT DISTINCT kind, id FROM availability_log WHERE seq > ?',
    )
    .raw();
  const allSeen = db.prepare<[], [string, number]>('SELECT kind, id FROM availability_seen').raw();
  const oneSeen = db
    .prepare<[string, number], number>('SELECT 1 FROM availability_seen WHERE kind = ? AND id = ?')
    .pluck();
  const filter = `region = ? AND provider_id IN (SELECT value FROM json_each(?))
    AND offer IN (SELECT value FROM json_each(?))`;
  const allStreams = db
    .prepare<[string, string, string], [string, number, number]>(
      `SELECT kind, id, provider_id FROM availability WHERE ${filter}`,
    )
    .raw();
  const oneStreams = db
    .prepare<[string, number, string, string, string], number>(
      `SELECT DISTINCT provider_id FROM availability WHERE kind = ? AND id = ? AND ${filter}`,
    )
    .pluck();

  let snapshot: Snapshot | null = null;

  const read = (query: string, args: [string, string, string], seq: number): Snapshot => {
    const known = new Set<string>();
    for (const [kind, id] of allSeen.all()) known.add(titleKeyOf(kind, id));
    const streams = new Map<string, Set<number>>();
    for (const [kind, id, providerId] of allStreams.all(...args)) {
      const key = titleKeyOf(kind, id);
      const set = streams.get(key);
      if (set) set.add(providerId);
      else streams.set(key, new Set([providerId]));
    }
    return { query, seq, known, streams };
  };

  const catchUp = (held: Snapshot, args: [string, string, string], seq: number): void => {
    for (const [kind, id] of changed.all(held.seq)) {
      const key = titleKeyOf(kind, id);
      if (oneSeen.get(kind, id) === undefined) held.known.delete(key);
      else held.known.add(key);
      const providers = oneStreams.all(kind, id, ...args);
      if (providers.length > 0) held.streams.set(key, new Set(providers));
      else held.streams.delete(key);
    }
    held.seq = seq;
  };

  /** The snapshot for this query, brought up to date with the log. */
  const current = (region: string, providerIds: readonly number[], offers: readonly string[]) => {
    const args: [string, string, string] = [
      region,
      JSON.stringify(providerIds),
      JSON.stringify(offers),
    ];
    const query = args.join(' ');
    const [last, first] = head.get() ?? [null, null];
    const seq = last ?? 0;
    const held = snapshot;
    const behind =
      held === null ||
      held.query !== query ||
      seq < held.seq ||
      seq - held.seq > CATCH_UP_LIMIT ||
      (first !== null && held.seq < first - 1);
    if (behind) snapshot = read(query, args, seq);
    else if (seq > held.seq) catchUp(held, args, seq);
    return snapshot as Snapshot;
  };

  return {
    lookup(items, region, providerIds, offers) {
      const held = current(region, providerIds, offers);
      const found = new Map<string, TitleStreams>();
      for (const item of items) {
        const key = titleKeyOf(item.mediaType, item.id);
        if (!held.known.has(key)) continue;
        found.set(key, { known: true, providerIds: held.streams.get(key) ?? new Set() });
      }
      return found;
    },
  };
}
