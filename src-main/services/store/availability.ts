import type Database from 'better-sqlite3';

export interface TitleKey {
  mediaType: 'movie' | 'tv';
  id: number;
}

/** Where a title streams, of the providers asked about. */
export interface Streams {
  /** The providers that stream it (empty when none, or when only `oneOf` is known). */
  on: readonly number[];
  /**
   * Known only from a filtered discover page: one of these providers streams it, which one is
   * not known (empty when `on` says, or when nothing of the kind is known).
   */
  oneOf: readonly number[];
}

export interface AvailabilityStore {
  /**
   * For each title, in the order asked: null when nothing is known of where it streams, else
   * which of `providerIds` stream it in `region` by one of `offers`.
   */
  lookup(
    items: readonly TitleKey[],
    region: string,
    providerIds: readonly number[],
    offers: readonly string[],
  ): Array<Streams | null>;
}

/** A title as one number (films even, series odd): cheaper to hash than a string. */
const keyOf = (kind: string, id: number): number => id * 2 + (kind === 'tv' ? 1 : 0);
const NOTHING: readonly number[] = Object.freeze([]);
const NONE: Streams = Object.freeze({ on: NOTHING, oneOf: NOTHING });

/** More titles written since the last look than this: everything held is forgotten. */
const CATCH_UP_LIMIT = 500;
/** Titles per statement: bounded so a statement's JSON argument stays small. */
const CHUNK = 1000;

interface Held {
  /** region, providers and offers the answers are for. */
  query: string;
  /** The last log entry they include. */
  seq: number;
  /** Per title asked about: null when never seen, else the providers asked about that stream it. */
  answers: Map<number, Streams | null>;
}

/**
 * Reads the availability index of the cache (cache migration 005). Answers are kept in memory for
 * the region, providers and offers asked about, per title asked about (a watchlist, the pages
 * shown): before each lookup the titles written since are read from `availability_log` (usually
 * none or a few) and forgotten, so a lookup of titles held is a Map read each, and titles not held
 * cost two statements per thousand, walking the primary keys of (kind, id).
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
  const wanted = `SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?)`;
  const seen = db
    .prepare<[string], [string, number]>(
      `SELECT kind, id FROM availability_seen WHERE (kind, id) IN (${wanted})`,
    )
    .raw();
  const hints = db
    .prepare<[string, string], [string, number, string, string]>(
      `SELECT kind, id, providers, offers FROM availability_hint
       WHERE (kind, id) IN (${wanted}) AND region = ?
       ORDER BY kind, id, length(providers), providers`,
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

  let held: Held = { query: '', seq: 0, answers: new Map() };

  /** The answers held for this query, with the titles written since forgotten. */
  const current = (query: string): Held => {
    const [last, first] = head.get() ?? [null, null];
    const seq = last ?? 0;
    const stale =
      held.query !== query ||
      seq < held.seq ||
      seq - held.seq > CATCH_UP_LIMIT ||
      (first !== null && held.seq < first - 1);
    if (stale) held = { query, seq, answers: new Map() };
    else if (seq > held.seq) {
      for (const [kind, id] of changed.all(held.seq)) held.answers.delete(keyOf(kind, id));
      held.seq = seq;
    }
    return held;
  };

  const fill = (
    answers: Held['answers'],
    items: readonly TitleKey[],
    args: [string, string, string],
    asked: { providerIds: readonly number[]; offers: readonly string[] },
  ): void => {
    for (let start = 0; start < items.length; start += CHUNK) {
      const chunk = items.slice(start, start + CHUNK);
      const keys = JSON.stringify(chunk.map((item) => [item.mediaType, item.id]));
      for (const item of chunk) answers.set(keyOf(item.mediaType, item.id), null);
      const known = new Set<number>();
      for (const [kind, id] of seen.all(keys)) {
        answers.set(keyOf(kind, id), NONE);
        known.add(keyOf(kind, id));
      }
      for (const [kind, id, providerId] of streams.all(keys, ...args)) {
        const key = keyOf(kind, id);
        const found = answers.get(key);
        answers.set(key, { on: found ? [...found.on, providerId] : [providerId], oneOf: NOTHING });
      }
      // Titles never seen: what filtered discover pages said of them, where it answers this ask.
      for (const [kind, id, providers, offers] of hints.all(keys, args[0])) {
        const key = keyOf(kind, id);
        if (known.has(key)) continue;
        const hinted = hintAnswer(answers.get(key) ?? null, providers, offers, asked);
        if (hinted) answers.set(key, hinted);
      }
    }
  };

  return {
    lookup(items, region, providerIds, offers) {
      const args: [string, string, string] = [
        region,
        JSON.stringify(providerIds),
        JSON.stringify(offers),
      ];
      const { answers } = current(args.join(' '));
      const missing = items.filter((item) => !answers.has(keyOf(item.mediaType, item.id)));
      if (missing.length > 0) fill(answers, missing, args, { providerIds, offers });
      return items.map((item) => answers.get(keyOf(item.mediaType, item.id)) ?? null);
    },
  };
}

/**
 * A title's answer with one hint more: a hint counts when every provider it names is asked about
 * and every offer it allows counts, so that it says "on one of these". A hint of one provider
 * names it; of several, the smallest set known stands (a named provider says more than any set).
 */
function hintAnswer(
  found: Streams | null,
  providers: string,
  offers: string,
  asked: { providerIds: readonly number[]; offers: readonly string[] },
): Streams | null {
  const ids = providers.split('|').map(Number);
  const fits =
    ids.every((id) => asked.providerIds.includes(id)) &&
    offers.split('|').every((offer) => asked.offers.includes(offer));
  if (!fits) return null;
  const on = found?.on ?? NOTHING;
  if (ids.length === 1) {
    const [id] = ids as [number];
    return on.includes(id) ? null : { on: [...on, id], oneOf: NOTHING };
  }
  if (on.length > 0 || (found && found.oneOf.length > 0 && found.oneOf.length <= ids.length))
    return null;
  return { on: NOTHING, oneOf: ids };
}
