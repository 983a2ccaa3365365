import { STREAM_OFFERS, type StreamOffer } from './extract-providers';

/**
 * What a discover query asked of where its titles stream: each of `groups` is a set of providers
 * of which at least one streams every result, in `region`, by one of `offers`. TMDB reads `|`
 * as "any of" and `,` as "all of": `8|337` is one group of two, `8,337` two groups of one.
 */
export interface StreamFilter {
  region: string;
  groups: number[][];
  offers: StreamOffer[];
}

/** What a filtered discover answer says of one title: it streams on one of `providers`. */
export interface StreamHint {
  kind: 'movie' | 'tv';
  id: number;
  region: string;
  /** Ascending; one provider when the answer names it. */
  providers: number[];
  /** Ascending; any of them. */
  offers: StreamOffer[];
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const REGION = /^[A-Z]{2}$/;
const DISCOVER = /^GET \/3\/discover\/(movie|tv)$/;
const isStreamOffer = (v: string): v is StreamOffer =>
  (STREAM_OFFERS as readonly string[]).includes(v);

/** `8|337` as [[8, 337]], `8,337` as [[8], [337]]; null when any part is not a provider id. */
function providerGroups(value: unknown): number[][] | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d+([|,]\d+)*$/.test(text)) return null;
  if (text.includes('|') && text.includes(',')) return null;
  const ids = [...new Set(text.split(/[|,]/).map(Number))].sort((a, b) => a - b);
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  return text.includes(',') ? ids.map((id) => [id]) : [ids];
}

/**
 * The offers a result streams by. Without `with_watch_monetization_types` TMDB counts rentals and
 * purchases too, and so does a list that allows them ("any of"): neither says the title streams.
 */
function streamOffers(value: unknown): StreamOffer[] | null {
  if (typeof value !== 'string' || value === '') return null;
  if (value.includes('|') && value.includes(',')) return null;
  const asked = [...new Set(value.split(/[|,]/))];
  const streams = asked.filter(isStreamOffer).sort();
  if (value.includes(',')) return streams.length > 0 ? streams : null;
  return streams.length === asked.length ? streams : null;
}

/**
 * The stream filter of a discover read, from its query: present only when the query asked for
 * providers in a region by streaming offers, so that every result honestly streams on one of them.
 */
export function streamFilterOf(key: string, query: unknown): StreamFilter | null {
  if (!DISCOVER.test(key) || !isObj(query)) return null;
  const region = query.watch_region;
  if (typeof region !== 'string' || !REGION.test(region)) return null;
  const groups = providerGroups(query.with_watch_providers);
  const offers = streamOffers(query.with_watch_monetization_types);
  if (groups === null || offers === null) return null;
  return { region, groups, offers };
}

/** The media type a discover endpoint answers with, or null for other endpoints. */
export function discoverKind(key: string): 'movie' | 'tv' | null {
  const match = DISCOVER.exec(key);
  if (!match) return null;
  return match[1] === 'tv' ? 'tv' : 'movie';
}

/**
 * One hint per result and provider group of a filtered discover page. Works on the shape: a
 * result without a usable id (null, vanished, negative) costs that result, never the page.
 */
export function extractStreamHints(
  body: unknown,
  kind: 'movie' | 'tv' | 'person' | undefined,
  filter: StreamFilter | undefined,
): StreamHint[] {
  if (!filter || (kind !== 'movie' && kind !== 'tv') || !isObj(body)) return [];
  const results = body.results;
  if (!Array.isArray(results)) return [];
  const hints: StreamHint[] = [];
  const done = new Set<number>();
  for (const result of results) {
    if (!isObj(result)) continue;
    const id = result.id;
    if (!Number.isSafeInteger(id) || (id as number) <= 0 || done.has(id as number)) continue;
    done.add(id as number);
    for (const providers of filter.groups) {
      hints.push({
        kind,
        id: id as number,
        region: filter.region,
        providers,
        offers: filter.offers,
      });
    }
  }
  return hints;
}
