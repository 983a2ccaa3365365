import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { isImageSize } from '../src-shared/tmdb/image-sizes';
import type { Catalogue as CatalogueData } from './data/catalogue';
import { imageKindOf, IMAGE_KINDS, type ImageKind } from './data/image-paths';
import { painterFor } from './artwork';
import { encodePng } from './png';
import { notFound } from './errors';

/** Pixel size of one image: width-based sizes keep the kind's aspect ratio; h632 fixes the height. */
export function imageDimensions(
  kind: ImageKind,
  size: string,
): { width: number; height: number } | undefined {
  const { aspect, original } = IMAGE_KINDS[kind];
  if (size === 'original') return { width: original, height: Math.round(original / aspect) };
  const m = /^([wh])(\d+)$/.exec(size);
  // Sizes outside TMDB's configuration are refused, as TMDB's image host does.
  if (!m || !isImageSize(size)) return undefined;
  const n = Number(m[2]);
  return m[1] === 'w'
    ? { width: n, height: Math.max(1, Math.round(n / aspect)) }
    : { width: Math.max(1, Math.round(n * aspect)), height: n };
}

/** A bounded LRU of encoded images, so a grid of posters is encoded once. */
class ImageCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Buffer): void {
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Serves `GET /t/p/{size}/{file}` with a generated PNG for every image path the catalogue uses. */
export class ImageHost {
  readonly cache = new ImageCache(64 * 1024 * 1024);

  constructor(readonly data: CatalogueData) {}

  render(size: string, file: string): Buffer | undefined {
    const kind = imageKindOf(file);
    if (!kind) return undefined;
    const dims = imageDimensions(kind, size);
    if (!dims) return undefined;
    const key = `${size}${file}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const { width, height } = dims;
    const png = encodePng(width, height, painterFor(kind, file, width, height));
    this.cache.set(key, png);
    return png;
  }

  serve(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const m = /^\/t\/p\/([a-z0-9]+)(\/[A-Za-z0-9]+\.(?:jpg|png|svg))$/.exec(pathname);
    const png = m?.[1] && m[2] ? this.render(m[1], m[2]) : undefined;
    if (!png) {
      const error = notFound();
      res.writeHead(404, { 'Content-Type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(error.body()));
      return;
    }
    const etag = `"${createHash('sha1').update(png).digest('hex').slice(0, 20)}"`;
    const headers = {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': png.length });
    res.end(req.method === 'HEAD' ? undefined : png);
  }
}
