import type { EndpointDef } from '../../../../src-shared/tmdb/define';
import { schemaKeys } from '../../schema-keys';
import { placeholders } from '../plan';

/**
 * Arguments for the quick-path equivalence tests: for an entry, many params/query objects mixing
 * values its schemas accept, values they reject and values zod would convert, drawn from a fixed
 * seed so a failure replays. Keys the entry declares plus, now and then, one it does not.
 */
const values: readonly unknown[] = [
  undefined,
  null,
  0,
  1,
  3,
  500,
  501,
  550,
  1999,
  -1,
  2.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '3',
  '550',
  '0',
  '',
  '.',
  '..',
  'x',
  '  Fight  ',
  '   ',
  'a b/c?d',
  'en',
  'en-US',
  'EN',
  'US',
  'day',
  'week',
  'movie',
  'tv',
  'true',
  'false',
  true,
  false,
  'popularity.desc',
  'created_at.asc',
  '2020-01-31',
  '28,12',
  '28|12',
  'credits,videos',
  'imdb_id',
  'tt0137523',
  '5b4f6b1e0e0a2665a9003c1d',
  [1, 2],
  {},
];

/** A small seeded generator (mulberry32): the same sequence on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ArgSample {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
}

export function argSamples(def: EndpointDef, count: number, seed = 7): ArgSample[] {
  const random = seeded(seed);
  const pick = (): unknown => values[Math.floor(random() * values.length)];
  const queryNames = [...(schemaKeys(def.query) ?? [])];
  const pathNames = placeholders(def.path);
  const out: ArgSample[] = [];
  for (let i = 0; i < count; i++) {
    const params: Record<string, unknown> = {};
    for (const name of pathNames) if (random() < 0.95) params[name] = pick();
    const query: Record<string, unknown> = {};
    for (const name of queryNames) if (random() < 0.3) query[name] = pick();
    if (random() < 0.05) query.not_a_key = pick();
    if (random() < 0.03) params.not_a_key = pick();
    out.push({ params, query });
  }
  return out;
}
