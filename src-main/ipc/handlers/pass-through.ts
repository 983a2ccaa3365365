import type { PassThroughChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import {
  passThrough,
  type PassThroughField,
  type PassThroughSpec,
} from '../../../src-shared/ipc/pass-through';
import type { IngestContext } from '../../cache/extract';
import type { Read } from '../../cache/reads';
import type { RawArgs } from '../../tmdb/types';

type Input = Partial<Record<PassThroughField, string | number>> | null | undefined;

/**
 * The request a row makes of a call's parsed input: each `params` field fills its placeholder,
 * every other input field goes in the query by name, after the row's fixed query. A part with
 * nothing in it is left out, so the cache key is the one a hand-written call would make.
 */
export function passThroughArgs(spec: PassThroughSpec, input: Input): RawArgs {
  const params: Record<string, string | number | undefined> = {};
  const query: Record<string, string | number | undefined> = { ...spec.query };
  const placed = new Set<PassThroughField>();
  for (const [placeholder, field] of Object.entries(spec.params ?? {})) {
    params[placeholder] = input?.[field];
    placed.add(field);
  }
  for (const field of spec.input) if (!placed.has(field)) query[field] = input?.[field];
  const args: RawArgs = {};
  if (Object.keys(params).length > 0) args.params = params;
  if (Object.keys(query).length > 0) args.query = query;
  return args;
}

/** What the cache indexes the body as, with the row's field names read from the input. */
function ingestOf(spec: PassThroughSpec, input: Input): IngestContext | undefined {
  if (!spec.ingest) return undefined;
  const { mediaType, seriesId } = spec.ingest;
  const series = seriesId === undefined ? undefined : input?.[seriesId];
  return {
    ...(mediaType === undefined ? {} : { mediaType }),
    ...(typeof series === 'number' ? { seriesId: series } : {}),
  };
}

/**
 * Every channel of the pass-through table, each one cached read of its endpoint once the cache is
 * open. The handlers are made from the table, so none is written by hand.
 */
export function passThroughHandlers(
  use: () => Promise<{ read: Read }>,
): HandlersFor<PassThroughChannel> {
  // The table's types tie each row's input and answer to its endpoint (contract/pass-through.ts);
  // at run time a handler hands the parsed input over as it is, so the read is untyped here.
  const read = async (key: string, args: RawArgs, context?: IngestContext): Promise<unknown> =>
    ((await use()).read as (k: string, a: RawArgs, c?: IngestContext) => Promise<unknown>)(
      key,
      args,
      context,
    );
  const handlers: Record<string, (input: Input) => Promise<unknown>> = {};
  for (const [channel, spec] of Object.entries<PassThroughSpec>(passThrough)) {
    handlers[channel] = (input) =>
      read(spec.route, passThroughArgs(spec, input), ingestOf(spec, input));
  }
  return handlers as unknown as HandlersFor<PassThroughChannel>;
}
