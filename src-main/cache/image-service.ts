import { CodedError } from '../../src-shared/ipc/errors';
import { redact } from '../../src-shared/redact';
import { ImageError, type ImageSize, type ImageStore } from './store/images';

export interface ImageBytes {
  bytes: Uint8Array;
  contentType: string;
}

/** What the image URL scheme answers, whatever carries it (Electron's protocol, the harness). */
export interface ImageReply {
  status: 200 | 400 | 404 | 502;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface ImageService {
  /** Bytes of one image; offline and not on disk → an `ImageError` with code `not_cached` (the UI shows a placeholder). */
  getImage(size: string, filePath: string): Promise<ImageBytes>;
  /** Serves `img/{size}/{file}` (with or without the leading `img/` or `/`). */
  serveImage(urlPath: string): Promise<ImageReply>;
}

/**
 * The most one image may weigh. TMDB's largest (an `original` backdrop) are a few MB; a server
 * sending more is broken or hostile, and the image is refused (a placeholder shows) instead of
 * the main process reading it whole into memory.
 */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/** The image scheme's path: `img/w342/abc.jpg`. The file name is checked again by the image store. */
const URL_SHAPE =
  /^\/?(?:img\/)?([a-z0-9]{1,12})\/([A-Za-z0-9_-]{1,128}\.(?:jpg|jpeg|png|svg|webp))$/;

/**
 * Posters and backdrops, fetched by the main process from TMDB's image host and kept on disk
 * by the image store (hash names, LRU under the `imageCacheMb` cap). The renderer never talks to
 * the image host itself: it asks for `img/{size}/{file}` and gets bytes or a placeholder error.
 */
export function createImageService(deps: {
  store: ImageStore;
  imageBase: string;
  fetch: typeof fetch;
  /**
   * Whether the image host answered. It is a service of its own: its failures give placeholders
   * and must never mark the API (and so the app) offline, nor its answers the API online.
   */
  onImageHost: (online: boolean, reason?: string) => void;
  timeoutMs?: number;
  /** The most one image may weigh (tests lower it). */
  maxBytes?: number;
}): ImageService {
  const timeoutMs = deps.timeoutMs ?? 15_000;
  const maxBytes = deps.maxBytes ?? MAX_IMAGE_BYTES;

  async function download(size: ImageSize, filePath: string): Promise<Uint8Array> {
    const url = `${deps.imageBase}/${size}${filePath}`;
    let response: Response;
    try {
      response = await deps.fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      deps.onImageHost(false, 'The image server could not be reached.');
      throw Object.assign(new Error(redact(`image download failed: ${String(error)}`)), {
        code: 'offline',
      });
    }
    deps.onImageHost(true);
    if (response.status === 404) throw new CodedError('not_found', 'TMDB has no such image.');
    if (!response.ok)
      throw new CodedError('upstream', `The image server answered HTTP ${response.status}.`);
    return readCapped(response, maxBytes);
  }

  async function getImage(size: string, filePath: string): Promise<ImageBytes> {
    try {
      const file = await deps.store.getOrFetch(size, filePath, download);
      return { bytes: file.bytes, contentType: file.contentType };
    } catch (error) {
      if (error instanceof ImageError) {
        // `not_cached` stays the image store's own typed error: the caller shows a placeholder.
        if (error.code === 'not_cached') throw error;
        throw new CodedError('invalid_input', error.message);
      }
      throw error;
    }
  }

  return {
    getImage,
    async serveImage(urlPath) {
      const match = URL_SHAPE.exec(urlPath);
      if (!match?.[1] || !match[2]) return text(400, 'Not an image path.');
      try {
        const image = await getImage(match[1], `/${match[2]}`);
        return {
          status: 200,
          // Images never change under the same TMDB path, so the renderer may keep them.
          headers: {
            'Content-Type': image.contentType,
            'Cache-Control': 'private, max-age=86400',
            'X-Content-Type-Options': 'nosniff',
          },
          body: image.bytes,
        };
      } catch (error) {
        if (error instanceof ImageError && error.code === 'not_cached')
          return text(
            404,
            'This image is not saved on this computer, and Marquee is offline or the image server cannot be reached.',
          );
        if (error instanceof CodedError && error.code === 'invalid_input')
          return text(400, error.message);
        if (error instanceof CodedError && error.code === 'not_found')
          return text(404, error.message);
        return text(502, 'The image could not be loaded.');
      }
    },
  };
}

/** The body, or an `upstream` failure as soon as it says or proves to be over `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = (): CodedError =>
    new CodedError(
      'upstream',
      `The image server sent more than Marquee accepts for one image (${Math.round(maxBytes / 2 ** 20)} MB).`,
    );
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function text(status: ImageReply['status'], message: string): ImageReply {
  return {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
    body: new TextEncoder().encode(message),
  };
}
