import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointKey } from '../src-shared/tmdb/endpoints';
import { parseRoute } from '../src-shared/tmdb/define';
import { openCatalogue, results, type Answer, type TestClient } from './testing/client';
import { commonShape, shapeProblems } from './shape';

/**
 * Conformance with TMDB's documented answers, for endpoints that have no recorded real response in
 * the fixtures: the example of TMDB's OpenAPI reference (`../shared/tmdb/openapi.json`) parses with
 * the endpoint table's response schema, and the local answer has its structure and parses too.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const openapiPath = resolve(repoRoot, '../shared/tmdb/openapi.json');

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { examples?: Examples }> }> }
    >
  >;
}
type Examples = Record<string, { value: unknown }>;

/** The documented examples of a route's 200 answer, parsed. */
function documentedExamples(spec: OpenApi, key: EndpointKey): unknown[] {
  const { method, path } = parseRoute(key);
  const ok = spec.paths[path]?.[method.toLowerCase()]?.responses['200'];
  const examples = ok?.content?.['application/json']?.examples ?? {};
  return Object.values(examples).map(({ value }) =>
    typeof value === 'string' ? (JSON.parse(value) as unknown) : value,
  );
}

let client: TestClient;

/** How to ask the local server for each endpoint checked here. */
const requests: Partial<Record<EndpointKey, () => Promise<Answer>>> = {
  'GET /3/movie/{movie_id}/similar': () => {
    const movie = client.catalogue.data.sortedBy('movie', 'popularity')[0];
    if (!movie) throw new Error('catalogue is empty');
    return client.get(`/3/movie/${movie.id}/similar`);
  },
};

describe.skipIf(!existsSync(openapiPath))(
  `conformance with TMDB's reference (${openapiPath})`,
  () => {
    const spec = existsSync(openapiPath)
      ? (JSON.parse(readFileSync(openapiPath, 'utf8')) as OpenApi)
      : { paths: {} };
    const keys = Object.keys(requests) as EndpointKey[];

    beforeAll(async () => {
      // Clean data: messy data breaks the documented types on purpose (messy.test.ts covers it).
      client = await openCatalogue({ seed: 1, messy: false });
    });
    afterAll(async () => {
      await client.catalogue.close();
    });

    it.each(keys)('%s: the endpoint table parses the documented example', (key) => {
      const examples = documentedExamples(spec, key);
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        const parsed = endpoints[key].response.safeParse(example);
        expect(parsed.success, JSON.stringify(parsed.error, null, 1)).toBe(true);
      }
    });

    it.each(keys)('%s: the local answer has the documented structure and parses', async (key) => {
      const answer = await requests[key]?.();
      expect(answer?.status).toBe(200);
      const examples = documentedExamples(spec, key);
      expect(shapeProblems(commonShape(examples), answer?.body)).toEqual([]);
      // A page the reference shows with results has results here too, so their structure is checked.
      if (examples.some((e) => results(e).length > 0))
        expect(results(answer?.body).length).toBeGreaterThan(0);
      expect(endpoints[key].response.safeParse(answer?.body).success).toBe(true);
    });
  },
);
