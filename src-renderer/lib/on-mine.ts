import type { TitleAvailability } from '../../src-shared/ipc/contract/availability';

/** A film or a series, as the availability channel names it. */
export interface TitleRef {
  mediaType: 'movie' | 'tv';
  id: number;
}

export const refKey = (ref: TitleRef): string => `${ref.mediaType}:${String(ref.id)}`;

/** The most titles one availability call asks about (the channel's bound). */
export const AVAILABILITY_BATCH = 1000;

/** A film or series reference of a kind that may stream; people and collections never do. */
export function titleRef(kind: string, id: number): TitleRef | null {
  return kind === 'movie' || kind === 'tv' ? { mediaType: kind, id } : null;
}

/** True when the answer says one of my services streams it (named, or one of a few). */
export const onMine = (found: TitleAvailability | undefined): boolean =>
  found !== undefined && (found.services.length > 0 || (found.oneOf?.length ?? 0) > 0);

/**
 * The "On my services" filter: the items that stream on one of my services now, in their order.
 * A title whose availability is not known yet is left out (it is not known to stream). One Map
 * lookup per item: 5,000 items take well under a millisecond.
 */
export function onMyServices<T>(
  items: readonly T[],
  refOf: (item: T) => TitleRef | null,
  known: ReadonlyMap<string, TitleAvailability>,
): T[] {
  return items.filter((item) => {
    const ref = refOf(item);
    return ref !== null && onMine(known.get(refKey(ref)));
  });
}
