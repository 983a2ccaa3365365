import type { z } from 'zod';
import type { EndpointDef } from '../../../src-shared/tmdb/define';
import { TmdbInputError } from '../errors';
import { describeIssue } from '../issues';
import type { RawArgs } from '../types';
import { unsure, type FastCheck } from './fast-args';
import { requestPlan, type RequestPlan } from './plan';
import type { ParsedArgs, RequestDefaults } from './types';
import { fillPath, stringifyRecord } from './wire';

/** Stands for arguments left out; never written to (`withDefaults` copies before adding). */
export const none: Readonly<Record<string, never>> = Object.freeze({});

/**
 * Validates a caller's arguments with the entry's schemas and fills the path. Bad input throws a
 * `TmdbInputError` naming the endpoint and the field, before anything reaches the network.
 */
export function parseArgs(
  key: string,
  def: EndpointDef,
  args: RawArgs,
  defaults: RequestDefaults = {},
): ParsedArgs {
  const plan = requestPlan(def);
  const params = checkPart(key, 'params', plan.params, plan.fastParams, args.params ?? none);
  const query = checkPart(
    key,
    'query',
    plan.query,
    plan.fastQuery,
    withDefaults(plan.queryKeys, args.query ?? none, defaults),
  );
  const body = checkBody(key, plan, args.body);
  const paramStrings = stringifyRecord(key, 'params', params);
  return {
    path: fillPath(key, plan, paramStrings),
    query: stringifyRecord(key, 'query', query),
    body,
    params: paramStrings,
  };
}

/**
 * One part of the arguments as the schema outputs it: the quick check's answer when it is sure
 * (proven equal to zod's, see fast-args.test.ts), else zod's. A refusal names the field.
 */
export function checkPart(
  key: string,
  part: string,
  schema: z.ZodType,
  fast: FastCheck | undefined,
  value: unknown,
): unknown {
  if (fast) {
    const quick = fast(value);
    if (quick !== unsure) return quick;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { field, problem } = describeIssue(parsed.error, part);
  throw new TmdbInputError(key, `${field}: ${problem}`);
}

export function checkBody(key: string, plan: RequestPlan, body: unknown): unknown {
  if (plan.body !== undefined) return checkPart(key, 'body', plan.body, undefined, body);
  if (body !== undefined) throw new TmdbInputError(key, 'this endpoint takes no body');
  return undefined;
}

/** Adds `language` / `region` only where the entry's query declares them and the caller left them out. */
export function withDefaults(
  keys: ReadonlySet<string> | undefined,
  query: unknown,
  defaults: RequestDefaults,
): unknown {
  // Most calls have no defaults to add: one look, no further work.
  if (!defaults.language && !defaults.region) return query;
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return query;
  if (!keys) return query;
  const language = missingDefault(keys, query, defaults, 'language');
  const region = missingDefault(keys, query, defaults, 'region');
  // Nothing to add: the caller's object is parsed as it is, without a copy.
  if (language === undefined && region === undefined) return query;
  const out: Record<string, unknown> = { ...query };
  if (language !== undefined) out.language = language;
  if (region !== undefined) out.region = region;
  return out;
}

function missingDefault(
  keys: ReadonlySet<string>,
  query: Partial<Record<string, unknown>>,
  defaults: RequestDefaults,
  name: 'language' | 'region',
): string | undefined {
  const value = defaults[name];
  return value !== undefined && value !== '' && keys.has(name) && query[name] === undefined
    ? value
    : undefined;
}
