import type { z } from 'zod';

/** One channel of the contract: the schema its input is parsed with and the shape of its answer. */
export interface ChannelSpec {
  input: z.ZodType;
  output: z.ZodType;
}

export type ChannelMap = Record<string, ChannelSpec>;
export type EventMap = Record<string, z.ZodType>;

/** A domain's part of the contract: its channels and the events it announces. */
export interface Domain<C extends ChannelMap = ChannelMap, E extends EventMap = EventMap> {
  readonly channels: C;
  readonly events: E;
}

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  whole: infer I,
) => void
  ? I
  : never;

/** Flattens an intersection into one object type, so the combined contract reads as one map. */
type Flatten<T> = { [K in keyof T]: T[K] };

export type ChannelsOf<D extends readonly Domain[]> = Flatten<
  UnionToIntersection<D[number]['channels']>
>;
export type EventsOf<D extends readonly Domain[]> = Flatten<
  UnionToIntersection<D[number]['events']>
>;

/**
 * Gathers the domains into the one contract. Names are unique across domains (a test checks it),
 * so the merge never overwrites a channel.
 */
export function combineDomains<const D extends readonly Domain[]>(
  domains: D,
): { channels: ChannelsOf<D>; events: EventsOf<D> } {
  const channels: ChannelMap = {};
  const events: EventMap = {};
  for (const domain of domains) {
    Object.assign(channels, domain.channels);
    Object.assign(events, domain.events);
  }
  return { channels: channels as ChannelsOf<D>, events: events as EventsOf<D> };
}
