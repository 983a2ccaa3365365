import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EndpointDef } from '../../../src-shared/tmdb/define';
import { endpoints } from '../../../src-shared/tmdb/endpoints';
import { describeIssue } from '../issues';
import { testTable } from '../testing/test-endpoints';
import { buildRequest } from './build';
import { fastCheck, unsure } from './fast-args';
import { requestPlan } from './plan';
import { argSamples } from './testing/arg-samples';

const tables: [string, Readonly<Record<string, EndpointDef>>][] = [
  ['the endpoint table', endpoints],
  ['the test table', testTable],
];

describe.each(tables)('quick argument checks over %s', (_name, table) => {
  it.each(Object.keys(table))('%s: the quick answer is always zod’s answer', (key) => {
    const def = table[key] as EndpointDef;
    const plan = requestPlan(def);
    let quick = 0;
    let rejected = 0;
    for (const sample of argSamples(def, 400)) {
      for (const [part, schema, fast] of [
        ['params', def.params, plan.fastParams],
        ['query', def.query, plan.fastQuery],
      ] as const) {
        const input = sample[part];
        const expected = schema.safeParse(input);
        if (!expected.success) rejected += 1;
        const actual = fast ? fast(input) : unsure;
        if (actual === unsure) continue;
        quick += 1;
        // Sure answers only ever accept what zod accepts, with zod's very output.
        expect(expected.success, `${part} ${JSON.stringify(input)}`).toBe(true);
        expect(actual, `${part} ${JSON.stringify(input)}`).toStrictEqual(expected.data);
      }
    }
    // The samples reach both sides: some the quick check is sure of, some zod refuses.
    expect(quick).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
  });
});

describe('quick argument checks', () => {
  const discover = requestPlan(endpoints['GET /3/discover/movie']);
  const details = requestPlan(endpoints['GET /3/movie/{movie_id}']);
  const search = requestPlan(endpoints['GET /3/search/multi']);

  it('take the plain numbers and strings of a common call', () => {
    expect(discover.fastQuery?.({ page: 3, sort_by: 'popularity.desc' })).toStrictEqual({
      page: 3,
      sort_by: 'popularity.desc',
    });
    expect(details.fastParams?.({ movie_id: 550 })).toStrictEqual({ movie_id: 550 });
    // The search text is trimmed exactly as the schema trims it.
    expect(search.fastQuery?.({ query: '  Fight ' })).toStrictEqual({ query: 'Fight' });
  });

  it('leave to zod what zod would convert, refuse or strip', () => {
    expect(discover.fastQuery?.({ page: '3' })).toBe(unsure); // a digit string becomes a number
    expect(discover.fastQuery?.({ page: 0 })).toBe(unsure);
    expect(discover.fastQuery?.({ page: 3, bogus: 1 })).toBe(unsure);
    expect(details.fastParams?.({})).toBe(unsure); // the id is required
    expect(search.fastQuery?.({ query: '   ' })).toBe(unsure);
  });

  it('step aside for schemas they cannot read', () => {
    expect(fastCheck(z.string())).toBeUndefined();
    expect(fastCheck(z.object({ a: z.string() }).refine(() => true))).toBeUndefined();
    const transformed = fastCheck(z.object({ a: z.string().transform((s) => s.length) }));
    expect(transformed?.({ a: 'abc' })).toBe(unsure);
  });

  it('keep the schema’s own message for bad input', () => {
    const def = endpoints['GET /3/discover/movie'];
    for (const query of [{ page: 0 }, { page: 'three' }, { page: 2.5 }, { sort_by: 'best' }]) {
      const parsed = def.query.safeParse(query);
      expect(parsed.success).toBe(false);
      const { field, problem } = describeIssue(parsed.error as z.ZodError, 'query');
      expect(() =>
        buildRequest(def, { query }, { accessToken: 't' }, { apiBase: 'https://x' }),
      ).toThrow(`GET /3/discover/movie: ${field}: ${problem}`);
    }
  });
});
