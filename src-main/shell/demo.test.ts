import { describe, expect, it, vi } from 'vitest';
import type { DemoCatalogueModule } from './demo';
import { resolveTmdbSetup } from './demo';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const fakeCatalogue = () => {
  const started: unknown[] = [];
  let closes = 0;
  const module: DemoCatalogueModule = {
    startCatalogue: (options) => {
      started.push(options);
      return Promise.resolve({
        apiBase: 'http://127.0.0.1:40123',
        imageBase: 'http://127.0.0.1:40123/t/p',
        accessToken: 'demo-token-123456',
        close: () => {
          closes += 1;
          return Promise.resolve();
        },
      });
    },
  };
  return { module, started, closes: () => closes };
};

describe('resolveTmdbSetup', () => {
  it('starts the demo catalogue on loopback with a random port when no credentials are set', async () => {
    const catalogue = fakeCatalogue();
    const setup = await resolveTmdbSetup({}, () => Promise.resolve(catalogue.module));
    expect(catalogue.started).toEqual([{ host: '127.0.0.1', port: 0, demoHistory: true }]);
    expect(setup.tmdb).toEqual({
      apiBase: 'http://127.0.0.1:40123',
      imageBase: 'http://127.0.0.1:40123/t/p',
      accessToken: 'demo-token-123456',
      apiKey: undefined,
      demo: true,
    });
  });

  it('stops the demo catalogue once, however often it is asked', async () => {
    const catalogue = fakeCatalogue();
    const setup = await resolveTmdbSetup({ TMDB_ACCESS_TOKEN: '  ' }, () =>
      Promise.resolve(catalogue.module),
    );
    await Promise.all([setup.stop(), setup.stop()]);
    await setup.stop();
    expect(catalogue.closes()).toBe(1);
  });

  it.each([{ TMDB_ACCESS_TOKEN: 'eyJreal.token.value' }, { TMDB_API_KEY: 'abcdef123456' }])(
    'talks to TMDB and never loads the demo catalogue when credentials are set (%o)',
    async (env) => {
      const load = vi.fn(() => Promise.resolve(fakeCatalogue().module));
      const setup = await resolveTmdbSetup(env, load);
      expect(load).not.toHaveBeenCalled();
      expect(setup.tmdb.demo).toBe(false);
      expect(setup.tmdb.apiBase).toBe('https://api.themoviedb.org');
    },
  );

  it('hands the demo catalogue’s generated history over for seeding, and none against TMDB', async () => {
    const { startCatalogue } = await import('../../catalogue');
    const setup = await resolveTmdbSetup({}, () => Promise.resolve({ startCatalogue }));
    try {
      expect(setup.demoHistory.length).toBeGreaterThan(100);
      expect(new Set(setup.demoHistory.map((p) => p.uid)).size).toBe(setup.demoHistory.length);
    } finally {
      await setup.stop();
    }
    const real = await resolveTmdbSetup({ TMDB_API_KEY: 'abcdef123456' }, () =>
      Promise.resolve(fakeCatalogue().module),
    );
    expect(real.demoHistory).toEqual([]);
  });

  it('honours TMDB_API_BASE with credentials', async () => {
    const setup = await resolveTmdbSetup(
      { TMDB_API_KEY: 'abcdef123456', TMDB_API_BASE: 'http://127.0.0.1:9000/3/' },
      () => Promise.resolve(fakeCatalogue().module),
    );
    expect(setup.tmdb.apiBase).toBe('http://127.0.0.1:9000');
  });
});
