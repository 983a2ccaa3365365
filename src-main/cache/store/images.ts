import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { IMAGE_SIZES, type ImageSize } from '../../../src-shared/tmdb/image-sizes';
import { isNetworkFailure } from '../../base/errors';

// TMDB's image sizes (GET /3/configuration lists them), shared with the demo catalogue; anything
// else is refused.
export type { ImageSize } from '../../../src-shared/tmdb/image-sizes';

const PATH_SHAPE = /^\/[A-Za-z0-9_-]+\.(jpg|jpeg|png|svg|webp)$/;
export const DEFAULT_IMAGE_CAP_BYTES = 500 * 1024 * 1024;

/**
 * The image type, read from the bytes rather than trusted from the file name: a server may send a
 * PNG under a `.jpg` name, and bytes that are no image at all (an HTML error page, say) must never
 * be stored and later served from the app's own origin.
 */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const at = (i: number): number => bytes[i] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number): string =>
    String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  const head = ascii(0, Math.min(bytes.length, 256)).trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return undefined;
}

export interface ImageFile {
  bytes: Buffer;
  contentType: string;
  source: 'cache' | 'network';
}

export type ImageFetch = (size: ImageSize, filePath: string) => Promise<Uint8Array>;

/** Errors a caller branches on by code: bad input, and "offline with no copy" (the UI shows a placeholder). */
export class ImageError extends Error {
  constructor(
    readonly code: 'invalid_input' | 'not_cached',
    message: string,
  ) {
    super(message);
    this.name = 'ImageError';
  }
}

export interface ImageStore {
  getOrFetch(size: string, filePath: string, fetch: ImageFetch): Promise<ImageFile>;
  /** Bytes currently stored. */
  totalBytes(): number;
  setCap(bytes: number): void;
}

function validate(size: string, filePath: string): { size: ImageSize; ext: string } {
  if (!(IMAGE_SIZES as readonly string[]).includes(size)) {
    throw new ImageError(
      'invalid_input',
      `unknown image size "${size.slice(0, 20)}"; expected one of ${IMAGE_SIZES.join(', ')}`,
    );
  }
  const match = PATH_SHAPE.exec(filePath);
  if (!match?.[1]) throw new ImageError('invalid_input', 'image path must look like /abc123.jpg');
  return { size: size as ImageSize, ext: match[1] };
}

/**
 * The poster and backdrop cache on disk. A file is named by sha256(size + path), sharded into
 * 256 folders, so nothing the server sends ever becomes part of a path on this machine. Files
 * are evicted least-recently-used first once their total passes the cap.
 */
export function createImageStore(options: {
  db: Database.Database;
  dir: string;
  clock: () => number;
  capBytes?: number;
  /** Whether the network is worth trying; offline, a miss fails at once with `not_cached`. */
  online?: () => boolean;
}): ImageStore {
  const { db, dir, clock } = options;
  let cap = options.capBytes ?? DEFAULT_IMAGE_CAP_BYTES;
  const inFlight = new Map<string, Promise<ImageFile>>();
  const select = db.prepare<[string], { content_type: string }>(
    'SELECT content_type FROM images WHERE name = ?',
  );
  const touch = db.prepare('UPDATE images SET last_access = ? WHERE name = ?');
  const insert = db.prepare(
    `INSERT INTO images (name, size, content_type, bytes, stored_at, last_access) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET bytes = excluded.bytes, stored_at = excluded.stored_at, last_access = excluded.last_access`,
  );
  const remove = db.prepare('DELETE FROM images WHERE name = ?');
  const total = db.prepare('SELECT coalesce(sum(bytes), 0) FROM images').pluck();
  const oldest = db.prepare<[], { name: string; bytes: number }>(
    'SELECT name, bytes FROM images ORDER BY last_access, name LIMIT 64',
  );

  const fileOf = (name: string): string => path.join(dir, name.slice(0, 2), name);

  function evict(keep: string): void {
    let size = total.get() as number;
    while (size > cap) {
      const victims = oldest.all().filter((v) => v.name !== keep);
      if (victims.length === 0) return;
      for (const victim of victims) {
        if (size <= cap) return;
        fs.rmSync(fileOf(victim.name), { force: true });
        remove.run(victim.name);
        size -= victim.bytes;
      }
    }
  }

  async function load(
    name: string,
    size: ImageSize,
    filePath: string,
    fetch: ImageFetch,
  ): Promise<ImageFile> {
    const row = select.get(name);
    if (row) {
      try {
        const bytes = await fs.promises.readFile(fileOf(name));
        touch.run(clock(), name);
        return { bytes, contentType: row.content_type, source: 'cache' };
      } catch {
        remove.run(name); // The file went missing (cleaned by hand): fetch it again.
      }
    }
    if (options.online && !options.online())
      throw new ImageError('not_cached', 'offline and this image is not cached');
    let fetched: Uint8Array;
    try {
      fetched = await fetch(size, filePath);
    } catch (error) {
      if (isNetworkFailure(error))
        throw new ImageError('not_cached', 'offline and this image is not cached');
      throw error;
    }
    const bytes = Buffer.from(fetched);
    const contentType = sniffImageType(bytes);
    if (contentType === undefined) {
      throw new ImageError(
        'invalid_input',
        `the server's answer for ${size}${filePath} is not an image`,
      );
    }
    const file = fileOf(name);
    await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written to a temporary name and renamed, so a crash never leaves half an image under the real name.
    const partial = `${file}.part`;
    await fs.promises.writeFile(partial, bytes, { mode: 0o600 });
    await fs.promises.rename(partial, file);
    const now = clock();
    insert.run(name, size, contentType, bytes.length, now, now);
    evict(name);
    return { bytes, contentType, source: 'network' };
  }

  return {
    getOrFetch(size, filePath, fetch) {
      let valid: { size: ImageSize; ext: string };
      try {
        valid = validate(size, filePath);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      const name = createHash('sha256').update(`${valid.size}${filePath}`).digest('hex');
      const running = inFlight.get(name);
      if (running) return running;
      const job = load(name, valid.size, filePath, fetch).finally(() => inFlight.delete(name));
      inFlight.set(name, job);
      return job;
    },
    totalBytes: () => total.get() as number,
    setCap(bytes) {
      cap = bytes;
      evict('');
    },
  };
}
