import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints, tmdbError } from './endpoints';

/**
 * The real TMDB responses in ../shared/tmdb/fixtures are the contract: every recorded success body
 * must parse with its endpoint's response schema, and every error body with `tmdbError`.
 */
const repoRoot = new URL('../../', import.meta.url);
const fixturesDir = new URL('../shared/tmdb/fixtures/', repoRoot);

interface FixtureEntry {
  file: string;
  endpoint: string;
  kind: 'response' | 'error';
}

const index = JSON.parse(readFileSync(new URL('index.json', fixturesDir), 'utf8')) as {
  files: FixtureEntry[];
};

function load(file: string): unknown {
  return JSON.parse(readFileSync(new URL(file, fixturesDir), 'utf8'));
}

function isEndpointKey(key: string): key is keyof typeof endpoints {
  return Object.hasOwn(endpoints, key);
}

const responses = index.files.filter((f) => f.kind === 'response');
const errors = index.files.filter((f) => f.kind === 'error');

describe('real TMDB responses parse with their endpoint schema', () => {
  it('the fixture set is not empty', () => {
    expect(responses.length).toBeGreaterThan(100);
  });

  it.each(responses.map((f) => [f.file, f.endpoint] as const))('%s (%s)', (file, endpoint) => {
    expect(isEndpointKey(endpoint), `no table entry for ${endpoint}`).toBe(true);
    if (!isEndpointKey(endpoint)) return;
    const result = endpoints[endpoint].response.safeParse(load(file));
    expect(result.success ? '' : JSON.stringify(result.error.issues.slice(0, 5), null, 1)).toBe('');
    // Pages are read item by item (schemas/tolerant.ts); a real item left out would hide a
    // schema that no longer fits TMDB, so none may be.
    const data: unknown = result.data;
    const skipped =
      typeof data === 'object' && data !== null && 'skipped' in data ? data.skipped : 0;
    expect(skipped).toBe(0);
  });
});

describe('real TMDB error bodies parse with tmdbError', () => {
  it.each(errors.map((f) => [f.file, f.endpoint] as const))('%s (%s)', (file) => {
    const result = tmdbError.safeParse(load(file));
    expect(result.success ? '' : JSON.stringify(result.error.issues)).toBe('');
  });
});
