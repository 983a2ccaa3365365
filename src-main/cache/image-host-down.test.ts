import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import { readTmdbConfig } from '../core/config';
import { startTestCore, type TestCore } from '../core/testing/core';

/** A local port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return port;
}

describe('an image host that is down while the API answers', () => {
  let catalogue: Catalogue;
  let t: TestCore;
  let poster: string;
  beforeAll(async () => {
    catalogue = await startCatalogue({ titles: 60, messy: false });
    const imageBase = `http://127.0.0.1:${await closedPort()}/t/p`;
    t = await startTestCore({
      useCatalogue: catalogue,
      core: {
        tmdb: {
          ...readTmdbConfig({
            TMDB_API_BASE: catalogue.apiBase,
            TMDB_IMAGE_BASE: imageBase,
            TMDB_ACCESS_TOKEN: catalogue.accessToken,
          }),
          demo: true,
        },
      },
    });
    poster = catalogue.data.movies.find((m) => m.posterPath)?.posterPath ?? '/none.png';
  });
  afterAll(async () => {
    await t.close();
    await catalogue.close();
  });

  it('gives a placeholder and leaves the app online: only the API decides "offline"', async () => {
    const reply = await t.core.serveImage(`img/w342${poster}`);
    expect(reply.status).toBe(404);
    expect(t.core.network.online).toBe(true);
    const current = await t.value('network.current');
    expect(current.online).toBe(true);
    expect(current.images).toMatchObject({ online: false });
    // An unseen page still comes from TMDB, not from the cache.
    const page = await t.value('browse.topRatedTv', { page: 3 });
    expect(page.meta.source).toBe('network');
  });
});
