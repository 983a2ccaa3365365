import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, field, type TestClient } from './testing/client';
import { pngSize, crc32 } from './png';
import { providers } from './data/providers';
import { IMAGE_SIZES } from '../src-shared/tmdb/image-sizes';

let client: TestClient;
beforeAll(async () => {
  client = await openCatalogue({ seed: 8 });
});
afterAll(async () => {
  await client.catalogue.close();
});

async function image(
  size: string,
  path: string,
): Promise<{ status: number; bytes: Uint8Array; headers: Headers }> {
  const res = await fetch(`${client.catalogue.imageBase}/${size}${path}`);
  return {
    status: res.status,
    bytes: new Uint8Array(await res.arrayBuffer()),
    headers: res.headers,
  };
}

describe('image host', () => {
  it('serves a real PNG poster at 2:3 for the size asked', async () => {
    const movie = field(
      (await client.get(`/3/movie/${client.catalogue.data.movies[0]?.id}`)).body,
      'poster_path',
    ) as string;
    const answer = await image('w342', movie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('cache-control')).toMatch(/max-age/);
    expect([...answer.bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(pngSize(answer.bytes)).toEqual({ width: 342, height: 513 });
  });

  it('draws backdrops and stills at 16:9, profiles by height, logos square', async () => {
    const tv = (await client.get(`/3/tv/${client.catalogue.data.tv[0]?.id}/season/1`)).body;
    const still = field(tv, 'episodes', 0, 'still_path') as string;
    expect(pngSize((await image('w300', still)).bytes)).toEqual({ width: 300, height: 169 });
    const backdrop = client.catalogue.data.movies[1]?.backdropPath ?? '';
    expect(pngSize((await image('w780', backdrop)).bytes)).toEqual({ width: 780, height: 439 });
    const profile = client.catalogue.data.people[0]?.profilePath ?? '';
    expect(pngSize((await image('h632', profile)).bytes)).toEqual({ width: 421, height: 632 });
    for (const provider of providers)
      expect(pngSize((await image('w92', provider.logo_path)).bytes)).toEqual({
        width: 92,
        height: 92,
      });
  });

  it('answers an unknown size or file with 404, and a matching ETag with 304', async () => {
    const poster = client.catalogue.data.movies[2]?.posterPath ?? '';
    expect((await image('w123', poster)).status).toBe(404);
    expect((await image('w500', '/not-an-image.jpg')).status).toBe(404);
    const first = await image('w92', poster);
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(`${client.catalogue.imageBase}/w92${poster}`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('serves every size of the shared TMDB constant and no other', async () => {
    const poster = client.catalogue.data.movies[4]?.posterPath ?? '';
    for (const size of IMAGE_SIZES) expect((await image(size, poster)).status, size).toBe(200);
    for (const size of ['w632', 'w400', 'h500'])
      expect((await image(size, poster)).status).toBe(404);
  });

  it('writes chunk checksums a decoder accepts', async () => {
    const bytes = (await image('w92', client.catalogue.data.movies[3]?.posterPath ?? '')).bytes;
    const view = Buffer.from(bytes);
    const length = view.readUInt32BE(8);
    const crc = view.readUInt32BE(16 + length);
    expect(crc32(view.subarray(12, 16 + length))).toBe(crc);
  });
});
