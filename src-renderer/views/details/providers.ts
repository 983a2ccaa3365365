import type {
  CountryWatchProviders,
  WatchProvider,
} from '../../../src-shared/tmdb/schemas/watchProviders';

export type OfferKind = 'flatrate' | 'free' | 'ads' | 'rent' | 'buy';

export const OFFER_LABEL: Record<OfferKind, string> = {
  flatrate: 'Stream',
  free: 'Free',
  ads: 'With ads',
  rent: 'Rent',
  buy: 'Buy',
};

const ORDER: readonly OfferKind[] = ['flatrate', 'free', 'ads', 'rent', 'buy'];

export interface OfferGroup {
  kind: OfferKind;
  label: string;
  providers: WatchProvider[];
}

/**
 * The offers of one country, group by group in TMDB's display order; empty groups are left out.
 * My services (`mine`) come first in each group, in TMDB's order among themselves.
 */
export function offerGroups(
  offers: CountryWatchProviders | undefined,
  mine: ReadonlySet<number> = new Set(),
): OfferGroup[] {
  if (!offers) return [];
  const rank = (p: WatchProvider): number => (mine.has(p.provider_id) ? 0 : 1);
  return ORDER.map((kind) => ({
    kind,
    label: OFFER_LABEL[kind],
    providers: [...(offers[kind] ?? [])].sort(
      (a, b) => rank(a) - rank(b) || a.display_priority - b.display_priority,
    ),
  })).filter((group) => group.providers.length > 0);
}
