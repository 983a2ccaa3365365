import { plainText } from '../../src-shared/text/bound';
import { TEXT_LIMITS } from '../../src-shared/text/limits';
import type { MyServices } from '../../src-shared/ipc/contract/services';
import type { TitleWatchProviders } from '../../src-shared/tmdb/schemas/watchProviders';
import { arrivalKey, type NewInboxItem } from '../tracking/store/inbox';
import { FLAP_MS } from './policy';
import type { ArrivalStore, MediaType, OfferClass, OfferRow } from './store/arrivals';

/** A provider streaming a title in a region, as TMDB lists it (its name bounded). */
export interface Offer {
  providerId: number;
  name: string;
  offer: OfferClass;
}

const NAME_MAX = 200;

/**
 * A title's subscription (`flatrate`) and free or with-ads (`free`) offers in `region`, once each.
 * Rentals and purchases never count. One unreadable entry is skipped, never the whole answer.
 */
export function offersIn(body: TitleWatchProviders, region: string): Offer[] {
  const country = body.results[region];
  if (!country) return [];
  const out = new Map<string, Offer>();
  const add = (list: readonly unknown[] | undefined, offer: OfferClass): void => {
    for (const raw of list ?? []) {
      const p = raw as { provider_id?: unknown; provider_name?: unknown };
      if (typeof p.provider_id !== 'number' || !Number.isSafeInteger(p.provider_id)) continue;
      if (p.provider_id <= 0) continue;
      const name = typeof p.provider_name === 'string' ? plainText(p.provider_name, NAME_MAX) : '';
      const key = `${p.provider_id}:${offer}`;
      if (!out.has(key))
        out.set(key, {
          providerId: p.provider_id,
          name: name || `Provider ${p.provider_id}`,
          offer,
        });
    }
  };
  add(country.flatrate, 'flatrate');
  add(country.free, 'free');
  add(country.ads, 'free');
  return [...out.values()];
}

export interface RecordInput {
  mediaType: MediaType;
  mediaId: number;
  /** The region the title's offers were recorded in before; null when never. */
  previousRegion: string | null;
  region: string;
  offers: readonly Offer[];
  now: number;
}

/**
 * Records a title's offers now and says which providers newly stream it in a way that counts
 * (`counts`). Nothing is new when the title was never looked up in this region (the backlog of a
 * first choice or a new region is recorded silently); a provider that left less than a day ago and
 * is back has not arrived; a provider leaving is recorded, never announced.
 */
export function recordOffers(
  store: Pick<ArrivalStore, 'offers' | 'putOffer' | 'checked'>,
  input: RecordInput,
  counts: (offer: OfferClass) => boolean,
): number[] {
  const { mediaType, mediaId, region, now } = input;
  const silent = input.previousRegion !== region;
  const before = new Map<string, OfferRow>();
  for (const row of silent ? [] : store.offers(mediaType, mediaId, region))
    before.set(`${row.providerId}:${row.offer}`, row);
  const countedBefore = new Set(
    [...before.values()].filter((r) => r.present && counts(r.offer)).map((r) => r.providerId),
  );
  const arrived = new Set<number>();
  const seen = new Set<string>();
  for (const offer of input.offers) {
    const key = `${offer.providerId}:${offer.offer}`;
    seen.add(key);
    const prev = before.get(key);
    if (prev?.present) continue;
    const flap = prev !== undefined && prev.leftAt !== null && now - prev.leftAt < FLAP_MS;
    store.putOffer(mediaType, mediaId, region, {
      providerId: offer.providerId,
      offer: offer.offer,
      present: true,
      since: flap ? prev.since : now,
      leftAt: null,
    });
    if (!silent && !flap && counts(offer.offer) && !countedBefore.has(offer.providerId))
      arrived.add(offer.providerId);
  }
  for (const [key, row] of before)
    if (row.present && !seen.has(key))
      store.putOffer(mediaType, mediaId, region, { ...row, present: false, leftAt: now });
  store.checked(mediaType, mediaId, region, now);
  return [...arrived];
}

/** Whether an offer counts as "on my services" with these settings. */
export const countsFor =
  (mine: Pick<MyServices, 'includeFree'>) =>
  (offer: OfferClass): boolean =>
    offer === 'flatrate' || mine.includeFree;

/** The inbox item of a title's arrival on one of my services: "Arrival is now on Netflix". */
export function arrivalItem(input: {
  mediaType: MediaType;
  mediaId: number;
  title: string | null;
  region: string;
  providerId: number;
  providerName: string;
  free: boolean;
  today: string;
}): NewInboxItem {
  const name = plainText(input.providerName, NAME_MAX);
  const fallback =
    input.mediaType === 'movie' ? `Film ${input.mediaId}` : `Series ${input.mediaId}`;
  return {
    dedupeKey: arrivalKey(input.mediaType, input.mediaId, input.region, input.providerId),
    kind: 'arrival',
    mediaId: input.mediaId,
    season: null,
    episode: null,
    releaseType: null,
    title: plainText(input.title ?? '', TEXT_LIMITS.inboxTitle) || fallback,
    body: plainText(`is now ${input.free ? 'free ' : ''}on ${name}`, TEXT_LIMITS.inboxBody),
    occurredAt: input.today,
  };
}
