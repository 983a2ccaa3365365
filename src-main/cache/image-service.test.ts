import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../core/testing/core';
import { createImageService } from './image-service';
import type { ImageSize, ImageStore } from './store/images';

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

describe('an image larger than one image may be', () => {
  const cap = 64 * 1024;
  /** A store that only passes the download through, so the service's own reading is what is tested. */
  const passThrough: ImageStore = {
    getOrFetch: async (size, filePath, fetch) => ({
      bytes: Buffer.from(await fetch(size as ImageSize, filePath)),
      contentType: 'image/png',
      source: 'network',
    }),
    totalBytes: () => 0,
    setCap: () => undefined,
  };

  /** A body of `chunks` chunks of 16 KB, counting how many were read. */
  function streamed(chunks: number, headers: Record<string, string> = {}) {
    const read = { chunks: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (read.chunks === chunks) {
          controller.close();
          return;
        }
        read.chunks += 1;
        controller.enqueue(new Uint8Array(16 * 1024).fill(read.chunks));
      },
    });
    return { read, response: new Response(body, { status: 200, headers }) };
  }

  function service(response: Response) {
    return createImageService({
      store: passThrough,
      imageBase: 'https://images.example/t/p',
      fetch: () => Promise.resolve(response),
      onImageHost: () => undefined,
      maxBytes: cap,
    });
  }

  it('stops reading once the body passes the limit, and answers with a placeholder error', async () => {
    const { read, response } = streamed(1_000);
    const reply = await service(response).serveImage('img/w342/big.png');
    expect(reply.status).toBe(502);
    // Four chunks fit; the fifth passes the limit and the rest are never read.
    expect(read.chunks).toBeLessThanOrEqual(6);
  });

  it('refuses a body whose declared length is over the limit without reading it', async () => {
    const { read, response } = streamed(1_000, { 'Content-Length': String(cap + 1) });
    // Not `rejects`: on failure it would print the whole body.
    const outcome = await service(response)
      .getImage('w342', '/big.png')
      .then(
        (image) => `read whole: ${image.bytes.byteLength} bytes`,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    expect(outcome).toMatch(/^The image server sent more than Marquee accepts for one image/);
    expect(read.chunks).toBeLessThanOrEqual(1);
  });

  it('reads a body within the limit whole, across its chunks', async () => {
    const { response } = streamed(3);
    const image = await service(response).getImage('w342', '/small.png');
    expect(image.bytes.byteLength).toBe(3 * 16 * 1024);
    expect([image.bytes[0], image.bytes[16 * 1024], image.bytes[2 * 16 * 1024]]).toEqual([1, 2, 3]);
  });
});
