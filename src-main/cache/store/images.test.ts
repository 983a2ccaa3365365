import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '../../../src-shared/tmdb/image-sizes';
import { createImageStore, sniffImageType, type ImageFetch, type ImageStore } from './images';
import { tempCache } from '../testing/temp-cache';

describe('image store', () => {
  let env: Awaited<ReturnType<typeof tempCache>>;
  let now: number;
  let store: ImageStore;
  let calls: string[];
  const imagesDir = (): string => path.join(env.dir, 'images');
  /** 100 bytes that start with the signature of the type the file name suggests. */
  const imageBytes = (p: string): Uint8Array => {
    const bytes = new Uint8Array(100).fill(p.length);
    const signature = p.endsWith('.png')
      ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
      : p.endsWith('.webp')
        ? [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')]
        : [0xff, 0xd8, 0xff, 0xe0];
    bytes.set(signature);
    return bytes;
  };
  const fetch: ImageFetch = (size, p) => {
    calls.push(`${size}${p}`);
    return Promise.resolve(imageBytes(p));
  };

  beforeEach(async () => {
    env = await tempCache();
    now = 1;
    calls = [];
    store = createImageStore({ db: env.db, dir: imagesDir(), clock: () => now++, capBytes: 250 });
  });
  afterEach(() => {
    env.cleanup();
  });

  it('fetches once, then serves the bytes from disk under a hashed name', async () => {
    const first = await store.getOrFetch('w342', '/abc123.jpg', fetch);
    expect(first).toMatchObject({ contentType: 'image/jpeg', source: 'network' });
    expect(first.bytes.length).toBe(100);
    const second = await store.getOrFetch('w342', '/abc123.jpg', fetch);
    expect(second.source).toBe('cache');
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(calls).toEqual(['w342/abc123.jpg']);
    const files = fs.readdirSync(imagesDir(), { recursive: true }).map(String);
    expect(files.some((f) => f.includes('abc123'))).toBe(false);
    expect(files.some((f) => /^[0-9a-f]{2}[/\\][0-9a-f]{64}$/.test(f))).toBe(true);
  });

  it('shares one download between concurrent requests for the same image', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => store.getOrFetch('w92', '/same.png', fetch)),
    );
    expect(calls).toHaveLength(1);
    expect(results.map((r) => r.contentType)).toEqual(['image/png', 'image/png', 'image/png']);
  });

  it('evicts the least recently used images when over the cap', async () => {
    await store.getOrFetch('w92', '/a.jpg', fetch);
    await store.getOrFetch('w92', '/b.jpg', fetch);
    await store.getOrFetch('w92', '/a.jpg', fetch); // a is now more recent than b
    await store.getOrFetch('w92', '/c.jpg', fetch); // 300 bytes > 250: b goes
    expect(store.totalBytes()).toBe(200);
    calls = [];
    await store.getOrFetch('w92', '/a.jpg', fetch);
    await store.getOrFetch('w92', '/c.jpg', fetch);
    expect(calls).toEqual([]);
    await store.getOrFetch('w92', '/b.jpg', fetch);
    expect(calls).toEqual(['w92/b.jpg']);
  });

  it.each([
    ['w342', '../../etc/passwd'],
    ['w342', '/a/b.jpg'],
    ['w342', '/poster.gif'],
    ['w342', 'abc.jpg'],
    ['w9999', '/abc.jpg'],
  ])('rejects size %s with path %s before touching disk or network', async (size, p) => {
    await expect(store.getOrFetch(size, p, fetch)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(calls).toEqual([]);
  });

  it('accepts exactly the sizes of the shared TMDB constant', async () => {
    for (const size of IMAGE_SIZES) await store.getOrFetch(size, '/sized.jpg', fetch);
    expect(calls).toEqual(IMAGE_SIZES.map((size) => `${size}/sized.jpg`));
    await expect(store.getOrFetch('w632', '/sized.jpg', fetch)).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('types an image by its bytes, not its name, and refuses bytes that are no image', async () => {
    const pngUnderJpgName: ImageFetch = () => Promise.resolve(imageBytes('/x.png'));
    expect((await store.getOrFetch('w92', '/named.jpg', pngUnderJpgName)).contentType).toBe(
      'image/png',
    );
    const html: ImageFetch = () =>
      Promise.resolve(Buffer.from('<html><script>alert(1)</script></html>'));
    await expect(store.getOrFetch('w92', '/page.jpg', html)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    // Nothing was stored for the refused answer: a later good answer is fetched, not served from disk.
    calls = [];
    await store.getOrFetch('w92', '/page.jpg', fetch);
    expect(calls).toEqual(['w92/page.jpg']);
  });

  it('recognises SVG and refuses lookalikes', () => {
    expect(
      sniffImageType(
        Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
      ),
    ).toBe('image/svg+xml');
    expect(sniffImageType(Buffer.from('<svgx>'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array(0))).toBeUndefined();
  });

  it('offline: serves a cached image, and says not_cached for one it never saw', async () => {
    await store.getOrFetch('w185', '/kept.webp', fetch);
    const offline: ImageFetch = () =>
      Promise.reject(Object.assign(new Error('down'), { code: 'offline' }));
    expect((await store.getOrFetch('w185', '/kept.webp', offline)).contentType).toBe('image/webp');
    await expect(store.getOrFetch('w185', '/never.jpg', offline)).rejects.toMatchObject({
      code: 'not_cached',
    });
  });
});
