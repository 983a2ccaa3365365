import { z } from 'zod';
import type { Endpoints } from '../../tmdb/endpoints';
import {
  passThrough,
  type PassThrough,
  type PassThroughChannel,
  type PassThroughField,
} from '../pass-through';
import type { Domain } from './domain';
import { fetched, id, noInput, page, provenance, responseOf, searchText } from './models';

/** The schema of each input field of a pass-through channel, the same on every channel. */
const fields = {
  id,
  page,
  seriesId: id,
  season: z.number().int().nonnegative(),
  episode: z.number().int().positive(),
  window: z.enum(['day', 'week']),
  query: searchText,
  groupId: z.string().regex(/^[a-f0-9]{24}$/, 'expected an episode group id'),
} satisfies Record<PassThroughField, z.ZodType>;

type Fields = typeof fields;

/** A row's input schema: its fields as one object, or `noInput` when it has none. */
type InputOf<F extends readonly PassThroughField[]> = F extends readonly []
  ? typeof noInput
  : z.ZodObject<{ [K in F[number]]: Fields[K] }>;

type ChannelOf<S extends PassThrough[PassThroughChannel]> = {
  input: InputOf<S['input']>;
  output: z.ZodObject<{ data: Endpoints[S['route']]['response']; meta: typeof provenance }>;
};

export type PassThroughChannels = { [C in PassThroughChannel]: ChannelOf<PassThrough[C]> };

function inputOf(names: readonly PassThroughField[]): z.ZodType {
  if (names.length === 0) return noInput;
  return z.object(Object.fromEntries(names.map((name) => [name, fields[name]])));
}

/**
 * The contract of every channel of the pass-through table: its input as the table lists it, its
 * answer the endpoint's response schema with its provenance.
 */
export const passThroughChannels = Object.fromEntries(
  Object.entries(passThrough).map(([channel, row]) => [
    channel,
    { input: inputOf(row.input), output: fetched(responseOf(row.route)) },
  ]),
) as unknown as PassThroughChannels;

export { type PassThroughChannel } from '../pass-through';

export const passThroughDomain = { channels: passThroughChannels, events: {} } satisfies Domain;
