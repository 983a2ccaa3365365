import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, field, results, type TestClient } from './testing/client';
import { startCatalogue } from './server';
import { MESSY_KINDS } from './data/messy';

/** Real-world messy data: on by default, each kind present, the same for the same seed. */
const NOT_FOUND = {
  success: false,
  status_code: 34,
  status_message: 'The resource you requested could not be found.',
};

let client: TestClient;
let q: string;
let accountId: number;
beforeAll(async () => {
  client = await openCatalogue({ seed: 1 });
  q = `session_id=${await client.signIn()}`;
  accountId = field((await client.get(`/3/account?${q}`)).body, 'id') as number;
});
afterAll(async () => {
  await client.catalogue.close();
});

const first = (ids: readonly number[]): number => {
  const id = ids[0];
  if (id === undefined) throw new Error('no id of this kind');
  return id;
};

/** Every result of a search, over its pages. */
async function searchAll(kind: 'movie' | 'tv', query: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const body = (
      await client.get(`/3/search/${kind}?query=${encodeURIComponent(query)}&page=${page}`)
    ).body;
    out.push(...results(body));
    if (page >= (field(body, 'total_pages') as number)) break;
  }
  return out;
}

const titleOf = (kind: 'movie' | 'tv', id: number): string => {
  const core =
    kind === 'movie' ? client.catalogue.data.movieById(id) : client.catalogue.data.tvById(id);
  if (!core) throw new Error(`no ${kind} ${id}`);
  return core.title;
};

describe('messy data', () => {
  it('is on by default, rare, and has every kind for films and series', () => {
    const { messy, movies, tv } = client.catalogue.data;
    expect(messy.enabled).toBe(true);
    let total = 0;
    for (const kind of MESSY_KINDS) {
      const ids = messy.idsOf(kind);
      expect(ids.movie.length, `${kind} films`).toBeGreaterThan(0);
      expect(ids.tv.length, `${kind} series`).toBeGreaterThan(0);
      total += ids.movie.length + ids.tv.length;
    }
    expect(total / (movies.length + tv.length)).toBeLessThan(0.08);
    expect(messy.longBiographyPersonIds.length).toBeGreaterThan(0);
  });

  it('is the same for the same seed, and absent with messy: false', async () => {
    const again = await startCatalogue({ seed: 1, messy: true });
    const clean = await startCatalogue({ seed: 1, messy: false });
    try {
      for (const kind of MESSY_KINDS) {
        expect(again.data.messy.idsOf(kind)).toEqual(client.catalogue.data.messy.idsOf(kind));
        expect(clean.data.messy.idsOf(kind)).toEqual({ movie: [], tv: [] });
      }
      expect(again.data.messy.longBiographyPersonIds).toEqual(
        client.catalogue.data.messy.longBiographyPersonIds,
      );
      const answer = await fetch(`${clean.apiBase}/3/configuration/jobs`, {
        headers: { Authorization: `Bearer ${clean.accessToken}` },
      });
      const sound = ((await answer.json()) as { department: string; jobs: string[] }[]).find(
        (d) => d.department === 'Sound',
      );
      expect(sound?.jobs.filter((j) => j === 'ADR Editor')).toHaveLength(0);
    } finally {
      await again.close();
      await clean.close();
    }
  });

  it('lists vanished titles (on the account, in search) whose details answer 404 / 34', async () => {
    const { vanishedIds } = client.catalogue.data.messy;
    for (const kind of ['movie', 'tv'] as const) {
      const id = first(vanishedIds[kind]);
      const details = await client.get(`/3/${kind}/${id}`);
      expect(details.status).toBe(404);
      expect(details.body).toEqual(NOT_FOUND);
      expect((await searchAll(kind, titleOf(kind, id))).map((r) => r.id)).toContain(id);
      const path = kind === 'movie' ? 'movies' : 'tv';
      const watchlist = results(
        (await client.get(`/3/account/${accountId}/watchlist/${path}?${q}`)).body,
      );
      expect(watchlist.map((r) => r.id)).toContain(id);
    }
    const series = first(vanishedIds.tv);
    expect((await client.get(`/3/tv/${series}/season/1`)).status).toBe(404);
    // It can no longer be added, but it can be removed.
    const add = await client.send('POST', `/3/account/${accountId}/favorite?${q}`, {
      media_type: 'tv',
      media_id: series,
      favorite: true,
    });
    expect(add.body).toEqual(NOT_FOUND);
  });

  it('sends null titles, names and overviews in list results', async () => {
    const { nullNameIds, nullOverviewIds } = client.catalogue.data.messy;
    const film = first(nullNameIds.movie);
    const hit = (await searchAll('movie', titleOf('movie', film))).find((r) => r.id === film);
    expect(hit).toMatchObject({ id: film, title: null });
    expect(field((await client.get(`/3/movie/${film}`)).body, 'title')).toEqual(expect.any(String));
    const series = first(nullNameIds.tv);
    expect(
      (await searchAll('tv', titleOf('tv', series))).find((r) => r.id === series),
    ).toMatchObject({ name: null });
    const quiet = first(nullOverviewIds.movie);
    expect(
      (await searchAll('movie', titleOf('movie', quiet))).find((r) => r.id === quiet),
    ).toMatchObject({ overview: null });
  });

  it('has 10,000-character overviews, single 10,000-character words and biographies', async () => {
    const { longOverviewIds, longWordIds, longBiographyPersonIds } = client.catalogue.data.messy;
    for (const kind of ['movie', 'tv'] as const) {
      const long = String(
        field((await client.get(`/3/${kind}/${first(longOverviewIds[kind])}`)).body, 'overview'),
      );
      expect(long).toHaveLength(10_000);
      expect(long).toMatch(/\s/);
      const word = String(
        field((await client.get(`/3/${kind}/${first(longWordIds[kind])}`)).body, 'overview'),
      );
      expect(word).toHaveLength(10_000);
      expect(word).toMatch(/^\S+$/);
    }
    const person = (await client.get(`/3/person/${first(longBiographyPersonIds)}`)).body;
    expect(String(field(person, 'biography'))).toHaveLength(10_000);
    const lists = results((await client.get(`/3/account/${accountId}/lists?${q}`)).body);
    expect(String(lists[0]?.description)).toHaveLength(10_000);
  });

  it('has two results with one name, and a job listed twice in a department', async () => {
    const { duplicateNameIds } = client.catalogue.data.messy;
    for (const [kind, step] of [
      ['movie', 3],
      ['tv', 2],
    ] as const) {
      const id = first(duplicateNameIds[kind]);
      const name = titleOf(kind, id);
      expect(titleOf(kind, id - step)).toBe(name);
      const key = kind === 'movie' ? 'title' : 'name';
      const hits = (await searchAll(kind, name)).filter((r) => r[key] === name).map((r) => r.id);
      expect(hits).toEqual(expect.arrayContaining([id, id - step]));
    }
    const jobs = (await client.get('/3/configuration/jobs')).body as {
      department: string;
      jobs: string[];
    }[];
    const sound = jobs.find((d) => d.department === 'Sound');
    expect(sound?.jobs.filter((j) => j === 'ADR Editor')).toHaveLength(2);
  });
});
