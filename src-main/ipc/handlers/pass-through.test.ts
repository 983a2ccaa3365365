import { describe, expect, it } from 'vitest';
import { contract } from '../../../src-shared/ipc/contract';
import {
  APPEND,
  passThrough,
  type PassThroughField,
  type PassThroughSpec,
} from '../../../src-shared/ipc/pass-through';
import { parseRoute } from '../../../src-shared/tmdb/define';
import { endpoints } from '../../../src-shared/tmdb/endpoints';
import type { Fetched, Read } from '../../cache/reads';
import { canonicalRequestKey } from '../../tmdb/canonical-key';
import { schemaKeys } from '../../tmdb/schema-keys';
import { passThroughArgs, passThroughHandlers } from './pass-through';

/** A valid value of every input field. */
const sample: Record<PassThroughField, string | number> = {
  id: 5,
  page: 2,
  seriesId: 7,
  season: 1,
  episode: 3,
  window: 'day',
  query: 'dune',
  groupId: 'a'.repeat(24),
};

const rows = Object.entries<PassThroughSpec>(passThrough);

function inputOf(spec: PassThroughSpec): Record<string, string | number> | undefined {
  if (spec.input.length === 0) return undefined;
  return Object.fromEntries(spec.input.map((field) => [field, sample[field]]));
}

describe('the pass-through table', () => {
  it.each(rows)('%s reads a GET of the endpoint table, its placeholders filled', (_c, spec) => {
    const entry = endpoints[spec.route];
    expect(entry.method).toBe('GET');
    const placeholders = [...parseRoute(spec.route).path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    expect(Object.keys(spec.params ?? {}).sort()).toEqual(placeholders.sort());
    for (const field of Object.values(spec.params ?? {})) expect(spec.input).toContain(field);
    if (spec.ingest?.seriesId !== undefined) expect(spec.input).toContain(spec.ingest.seriesId);
  });

  it.each(rows)('%s sends only query parameters its endpoint declares', (_c, spec) => {
    const declared = schemaKeys(endpoints[spec.route].query);
    const placed = new Set(Object.values(spec.params ?? {}));
    const sent = [...Object.keys(spec.query ?? {}), ...spec.input.filter((f) => !placed.has(f))];
    for (const name of sent) expect(declared, `${name} on ${spec.route}`).toContain(name);
  });

  it.each(rows)('%s makes a request its endpoint accepts, keyed without credentials', (c, spec) => {
    const parsed = contract[c as keyof typeof passThrough].input.parse(inputOf(spec));
    const args = passThroughArgs(spec, parsed);
    const key = canonicalRequestKey(endpoints[spec.route], args, { accountId: 42 });
    expect(key.startsWith(`GET ${parseRoute(spec.route).path.replace(/\{.*$/, '')}`)).toBe(true);
    expect(key).not.toMatch(/api_key|session_id|access_token/);
  });
});

describe('the pass-through handlers', () => {
  type Call = [key: string, args: unknown, context: unknown];
  const calls: Call[] = [];
  const read = ((key: string, args: unknown, context: unknown) => {
    calls.push([key, args, context]);
    return Promise.resolve({ data: {}, meta: { source: 'network', fetchedAt: 0, stale: false } });
  }) as unknown as Read;
  const handlers = passThroughHandlers(() => Promise.resolve({ read }));

  it('cover every row of the table', () => {
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(passThrough).sort());
  });

  it('read the row’s endpoint with the request a hand-written call would make', async () => {
    calls.length = 0;
    const answer: Fetched<unknown> = await handlers['movie.details']({ id: 5 });
    await handlers['tv.season']({ seriesId: 7, season: 2 });
    await handlers['browse.trendingTv']({ window: 'week', page: 3 });
    await handlers['search.collections']({ query: 'alien', page: 1 });
    await handlers['browse.latestPerson'](undefined);
    await handlers['tv.episodeGroup']({ groupId: 'b'.repeat(24) });
    expect(answer.meta.source).toBe('network');
    expect(calls).toEqual([
      [
        'GET /3/movie/{movie_id}',
        { params: { movie_id: 5 }, query: { append_to_response: APPEND.movie } },
        { mediaType: 'movie' },
      ],
      [
        'GET /3/tv/{series_id}/season/{season_number}',
        { params: { series_id: 7, season_number: 2 } },
        { seriesId: 7 },
      ],
      [
        'GET /3/trending/tv/{time_window}',
        { params: { time_window: 'week' }, query: { page: 3 } },
        { mediaType: 'tv' },
      ],
      ['GET /3/search/collection', { query: { query: 'alien', page: 1 } }, undefined],
      ['GET /3/person/latest', {}, { mediaType: 'person' }],
      ['GET /3/tv/episode_group/{group_id}', { params: { group_id: 'b'.repeat(24) } }, undefined],
    ]);
  });
});
