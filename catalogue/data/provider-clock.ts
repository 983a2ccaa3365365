import type { Catalogue, TitleCore } from './catalogue';
import { providers } from './providers';

/**
 * Providers that change with the catalogue's clock, as real ones do: every title has one rotating
 * subscription provider that streams it for half of a fortnight and leaves for the other half, so
 * moving the clock a few days makes titles arrive on (and leave) services during a session.
 */
export const ROTATION_DAYS = 14;
const ON_DAYS = ROTATION_DAYS / 2;

/** The subscription providers' positions in `providers` (the bits of a title's provider mask). */
const SUBSCRIPTIONS = providers.flatMap((p, i) => (p.offers === 'flatrate' ? [i] : []));

const mix = (n: number): number => {
  let x = Math.imul(n ^ (n >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
};

export interface Rotation {
  /** The rotating provider's position in `providers`. */
  index: number;
  providerId: number;
  /** Where in its fortnight the title is on the catalogue's first day. */
  offset: number;
}

export function rotationOf(core: Pick<TitleCore, 'id' | 'kind'>): Rotation {
  const h = mix(core.id * 2 + (core.kind === 'movie' ? 0 : 1));
  const index = SUBSCRIPTIONS[h % SUBSCRIPTIONS.length] ?? 0;
  return {
    index,
    providerId: providers[index]?.provider_id ?? 0,
    offset: (h >>> 8) % ROTATION_DAYS,
  };
}

/** Whether the rotating provider streams the title `days` after the catalogue's first day. */
export function rotatingOn(rotation: Rotation, days: number): boolean {
  const at = (((days + rotation.offset) % ROTATION_DAYS) + ROTATION_DAYS) % ROTATION_DAYS;
  return at < ON_DAYS;
}

/** Days from the first day until the rotating provider next starts streaming the title (1–14). */
export function daysUntilArrival(rotation: Rotation, days: number): number {
  for (let d = 1; d <= ROTATION_DAYS; d += 1)
    if (!rotatingOn(rotation, days + d - 1) && rotatingOn(rotation, days + d)) return d;
  return ROTATION_DAYS;
}

/** The title's providers as a mask over `providers`, on the catalogue clock's day. */
export function providerMaskNow(
  data: Pick<Catalogue, 'clock' | 'anchorDay'>,
  core: TitleCore,
): number {
  const rotation = rotationOf(core);
  const bit = 1 << rotation.index;
  return rotatingOn(rotation, data.clock.day() - data.anchorDay)
    ? core.providerMask | bit
    : core.providerMask & ~bit;
}
