import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { cacheMigrations } from '.';

describe('cache migration 005_availability', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('adds the availability index to a version-4 cache, keeping its titles', () => {
    db = new Database(':memory:');
    migrate(db, cacheMigrations.slice(0, 4));
    db.prepare(
      "INSERT INTO titles (kind, id, title, seen_at) VALUES ('movie', 1, 'Kept', 1)",
    ).run();
    expect(migrate(db, cacheMigrations.slice(0, 5))).toMatchObject({
      from: 4,
      to: 5,
      applied: ['005_availability'],
    });
    expect(db.prepare('SELECT title FROM titles').pluck().get()).toBe('Kept');
    const insert = db.prepare(
      `INSERT INTO availability (kind, id, region, provider_id, offer, seen_at)
       VALUES ('movie', 1, 'US', 8, ?, 1)`,
    );
    insert.run('flatrate');
    // Rentals and purchases are not streaming: the index refuses them.
    expect(() => insert.run('rent')).toThrow(/CHECK/);
    expect(db.prepare('SELECT count(*) FROM availability_seen').pluck().get()).toBe(0);
  });

  it('reads the watch providers the cache already holds into the index, once', () => {
    db = new Database(':memory:');
    migrate(db, cacheMigrations.slice(0, 4));
    const put = db.prepare(
      "INSERT INTO http_responses (key, family, body, fetched_at) VALUES (?, 'details', ?, ?)",
    );
    const offer = (id: unknown, name: unknown = 'Netflix', logo: unknown = '/n.jpg') => ({
      provider_id: id,
      provider_name: name,
      logo_path: logo,
      display_priority: 1,
    });
    const appended = (results: unknown) =>
      JSON.stringify({ id: 1, 'watch/providers': { results } });
    // A film's details, newest of two answers (two languages); the older one is not read.
    put.run(
      'GET /3/movie/603?append_to_response=watch%2Fproviders&language=en-US',
      appended({
        US: {
          link: 'x',
          flatrate: [offer(8), offer(-1), { provider_id: 9 }, { provider_id: 'x' }],
        },
      }),
      20,
    );
    put.run(
      'GET /3/movie/603?append_to_response=watch%2Fproviders&language=fr-FR',
      appended({ US: { link: 'x', flatrate: [offer(337)] } }),
      10,
    );
    // A series' standalone answer: free and with ads, a null name, a logo that is no path, a bad region.
    put.run(
      'GET /3/tv/1396/watch/providers',
      JSON.stringify({
        id: 1396,
        results: {
          GB: { link: 'x', ads: [offer(73, null, 'javascript:x')], rent: [offer(2)] },
          'not a region': { flatrate: [offer(8)] },
        },
      }),
      30,
    );
    // A film known to stream nowhere; an unreadable body; another endpoint of a film.
    put.run('GET /3/movie/5?language=en-US', appended({}), 40);
    put.run('GET /3/movie/6?language=en-US', '{not json', 40);
    put.run('GET /3/movie/7/recommendations', JSON.stringify({ results: [{ id: 1 }] }), 40);

    migrate(db, cacheMigrations);
    expect(db.prepare('SELECT kind, id, seen_at FROM availability_seen ORDER BY id').all()).toEqual(
      [
        { kind: 'movie', id: 5, seen_at: 40 },
        { kind: 'movie', id: 603, seen_at: 20 },
        { kind: 'tv', id: 1396, seen_at: 30 },
      ],
    );
    expect(
      db
        .prepare(
          'SELECT kind, id, region, provider_id, offer, provider_name, logo_path FROM availability ORDER BY id, provider_id',
        )
        .all(),
    ).toEqual([
      {
        kind: 'movie',
        id: 603,
        region: 'US',
        provider_id: 8,
        offer: 'flatrate',
        provider_name: 'Netflix',
        logo_path: '/n.jpg',
      },
      // A provider without a name or logo still counts by its id.
      {
        kind: 'movie',
        id: 603,
        region: 'US',
        provider_id: 9,
        offer: 'flatrate',
        provider_name: null,
        logo_path: null,
      },
      {
        kind: 'tv',
        id: 1396,
        region: 'GB',
        provider_id: 73,
        offer: 'ads',
        provider_name: null,
        logo_path: null,
      },
    ]);
  });
});
