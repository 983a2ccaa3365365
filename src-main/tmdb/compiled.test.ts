import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src-shared/tmdb/endpoints';
import { compiledEndpoint } from './compiled';

// The recorded TMDB answers live beside the repository (see DESIGN.md §1).
const fixtures = join(import.meta.dirname, '../../../shared/tmdb/fixtures');
const index = JSON.parse(readFileSync(join(fixtures, 'index.json'), 'utf8')) as {
  files: { file: string; endpoint: string; kind: string }[];
};
const responses = index.files.filter(
  (f) => f.kind === 'response' && Object.hasOwn(endpoints, f.endpoint),
);
const defOf = (key: string) => endpoints[key as keyof typeof endpoints];
const load = (file: string): unknown => JSON.parse(readFileSync(join(fixtures, file), 'utf8'));

describe('compiled endpoint schemas', () => {
  it('accept every recorded TMDB answer with the very output of the table’s own schema', () => {
    expect(responses.length).toBeGreaterThan(100);
    for (const { file, endpoint } of responses) {
      const body = load(file);
      const def = defOf(endpoint);
      const expected = def.response.safeParse(body);
      const actual = compiledEndpoint(def).response.safeParse(body);
      expect(actual.success, file).toBe(expected.success);
      expect(actual.data, file).toEqual(expected.data);
    }
  });

  it('reject a bad body with the same first issue as the table’s own schema', () => {
    const def = defOf('GET /3/movie/{movie_id}');
    const body = {
      ...(load(
        responses.find((f) => f.endpoint === 'GET /3/movie/{movie_id}')?.file ?? '',
      ) as object),
      id: 'five',
    };
    const expected = def.response.safeParse(body);
    const actual = compiledEndpoint(def).response.safeParse(body);
    expect(actual.success).toBe(false);
    expect(actual.error?.issues[0]).toEqual(expected.error?.issues[0]);
    expect(actual.error?.issues[0]?.path).toEqual(['id']);
  });

  it('are worked out once per entry', () => {
    const def = defOf('GET /3/search/multi');
    expect(compiledEndpoint(def)).toBe(compiledEndpoint(def));
  });
});
