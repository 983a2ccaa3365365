import { plainText } from '../../src-shared/text/bound';
import type { IngestContext } from './extract';
import { discoverKind, streamFilterOf } from './extract-discover';

/** The offers that count as streaming: by subscription, free, and free with ads. */
export const STREAM_OFFERS = ['flatrate', 'free', 'ads'] as const;
export type StreamOffer = (typeof STREAM_OFFERS)[number];

/** One provider's offer of a title in one region. */
export interface OfferRecord {
  region: string;
  provider_id: number;
  offer: StreamOffer;
  provider_name: string | null;
  logo_path: string | null;
  display_priority: number | null;
}

/** A title's offers in every region a response listed (none: known to stream nowhere). */
export interface TitleOffers {
  kind: 'movie' | 'tv';
  id: number;
  offers: OfferRecord[];
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const positive = (v: unknown): number | null =>
  Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : null;
const REGION = /^[A-Z]{2}$/;
const LOGO = /^\/[\w.-]{1,200}$/;

/**
 * The watch providers a response carries, for the availability index: details of a film or a
 * series with `watch/providers` appended, or the standalone `/movie|tv/{id}/watch/providers`
 * (whose caller says the kind and id in `context`). Works on the shape, so TMDB's messy data
 * costs one offer, never the title: a region that is not a country code, a provider without an
 * id, a name that is null or 10,000 characters long.
 */
export function extractProviders(body: unknown, context: IngestContext = {}): TitleOffers | null {
  const kind = context.mediaType;
  if (!isObj(body) || (kind !== 'movie' && kind !== 'tv')) return null;
  const appended = body['watch/providers'];
  const byRegion = isObj(appended)
    ? appended.results
    : context.watchProviders === true
      ? body.results
      : undefined;
  if (!isObj(byRegion)) return null;
  const id = context.titleId ?? positive(body.id);
  if (id === null) return null;
  const offers = new Map<string, OfferRecord>();
  for (const [region, listing] of Object.entries(byRegion)) {
    if (!REGION.test(region) || !isObj(listing)) continue;
    for (const offer of STREAM_OFFERS) {
      const providers = listing[offer];
      if (!Array.isArray(providers)) continue;
      for (const provider of providers) {
        const record = offerRecord(provider, region, offer);
        const key = `${region} ${String(record?.provider_id)} ${offer}`;
        if (record && !offers.has(key)) offers.set(key, record);
      }
    }
  }
  return { kind, id, offers: [...offers.values()] };
}

function offerRecord(provider: unknown, region: string, offer: StreamOffer): OfferRecord | null {
  if (!isObj(provider)) return null;
  const providerId = positive(provider.provider_id);
  if (providerId === null) return null;
  const name =
    typeof provider.provider_name === 'string' ? plainText(provider.provider_name, 200) : '';
  const logo = provider.logo_path;
  const priority = provider.display_priority;
  return {
    region,
    provider_id: providerId,
    offer,
    provider_name: name === '' ? null : name,
    logo_path: typeof logo === 'string' && LOGO.test(logo) ? logo : null,
    display_priority: Number.isSafeInteger(priority) ? (priority as number) : null,
  };
}

const STANDALONE = /^GET \/3\/(movie|tv)\/\{(\w+)\}\/watch\/providers$/;

/**
 * The ingest context of a read: a standalone watch-providers answer says whose it is only in its
 * path, so the endpoint and its path parameters name the title; a discover page asked for titles
 * on some providers says so only in its query; other reads keep the caller's.
 */
export function ingestContextOf(
  key: string,
  params: unknown,
  given: IngestContext | undefined,
  query?: unknown,
): IngestContext | undefined {
  const kind = discoverKind(key);
  if (kind !== null) {
    const streams = streamFilterOf(key, query);
    return streams ? { ...given, mediaType: kind, streams } : given;
  }
  const match = STANDALONE.exec(key);
  if (!match) return given;
  const id = isObj(params) ? positive(params[match[2] ?? '']) : null;
  return {
    ...given,
    mediaType: match[1] === 'tv' ? 'tv' : 'movie',
    watchProviders: true,
    ...(id === null ? {} : { titleId: id }),
  };
}
