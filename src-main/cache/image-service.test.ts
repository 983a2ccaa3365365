import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../core/testing/core';

describe('images through the main process', () => {
  let t: TestCore;
  let posters: string[];
  beforeAll(async () => {
    t = await startTestCore();
    const page = (await t.value('browse.discoverMovies', { page: 1, genres: [], providers: [] }))
      .data as { results: Array<{ poster_path: string | null }> };
    posters = page.results.map((m) => m.poster_path).filter((p): p is string => p !== null);
    expect(posters.length).toBeGreaterThan(2);
  });
  afterAll(async () => t.close());

  const hits = (file: string): number => t.catalogue.requests.count(`/t/p/w342${file}`);

  it('fetches a poster once and then serves it from disk', async () => {
    const file = posters[0] ?? '';
    const first = await t.core.serveImage(`img/w342${file}`);
    expect(first.status).toBe(200);
    expect(first.headers['Content-Type']).toMatch(/^image\//);
    expect(Buffer.from(first.body).subarray(1, 4).toString()).toBe('PNG');
    const second = await t.core.serveImage(`/img/w342${file}`);
    expect(Buffer.from(second.body).equals(Buffer.from(first.body))).toBe(true);
    expect(hits(file)).toBe(1);
    expect(await t.value('cache.status')).toMatchObject({
      images: 1,
      imageBytes: first.body.byteLength,
    });
  });

  it('offline, a saved poster still shows and a missing one answers 404 for the placeholder', async () => {
    const saved = posters[0] ?? '';
    const missing = posters[1] ?? '';
    t.catalogue.faults.set([{ kind: 'drop' }]);
    await t.call('browse.topRatedTv', { page: 7 }); // TMDB is found to be gone
    expect(t.core.network.online).toBe(false);
    expect((await t.core.serveImage(`img/w342${saved}`)).status).toBe(200);
    const placeholder = await t.core.serveImage(`img/w342${missing}`);
    expect(placeholder.status).toBe(404);
    expect(new TextDecoder().decode(placeholder.body)).toMatch(/offline/);
    expect(hits(missing)).toBe(0); // known offline: not even tried
    t.catalogue.faults.clear();
    t.core.network.report(true);
    expect((await t.core.serveImage(`img/w342${missing}`)).status).toBe(200);
  });

  it('refuses paths that are not TMDB image paths, without touching the network', async () => {
    const before = t.catalogue.requests.total;
    for (const bad of [
      'img/w342/../../etc/passwd',
      'img/w342/a.exe',
      'img/huge/abc.jpg',
      'img/w342',
      '',
    ]) {
      expect((await t.core.serveImage(bad)).status, bad).toBe(400);
    }
    expect(t.catalogue.requests.total).toBe(before);
  });
});
