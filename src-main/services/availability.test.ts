import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MyServices } from '../../src-shared/ipc/contract/services';
import { ingestContextOf } from '../cache/extract-providers';
import { createIngest, type Ingest } from '../cache/store/ingest';
import { tempCache } from '../cache/testing/temp-cache';
import { createUsageStore } from '../cache/store/usage';
import { createAvailability, readMyServices, type AvailabilityService } from './availability';
import { createAvailabilityStore } from './store/availability';

const netflix = { id: 8, name: 'Netflix', logoPath: '/netflix.jpg' };
const mubi = { id: 11, name: 'MUBI', logoPath: null };
const tubi = { id: 73, name: 'Tubi', logoPath: '/tubi.jpg' };
/** A provider TMDB no longer lists: chosen once, in no response since. */
const gone = { id: 9999, name: 'Gone+', logoPath: null };

const offer = (id: number, name: string | null = `Provider ${String(id)}`) => ({
  provider_id: id,
  provider_name: name,
  logo_path: `/p${String(id)}.jpg`,
  display_priority: 1,
});

/** A film's details with `watch/providers` appended. */
const details = (id: number, results: Record<string, unknown>) => ({
  id,
  title: `Film ${String(id)}`,
  'watch/providers': { results },
});

describe('the availability index and my services', () => {
  let env: Awaited<ReturnType<typeof tempCache>>;
  let db: Database.Database;
  let ingest: Ingest;
  let mine: MyServices;
  let service: AvailabilityService;
  beforeEach(async () => {
    env = await tempCache();
    db = env.db;
    ingest = createIngest(db, () => 5000);
    mine = { region: 'US', providers: [mubi, netflix, gone], includeFree: false };
    service = createAvailability({ store: createAvailabilityStore(db), myServices: () => mine });
  });
  afterEach(() => {
    env.cleanup();
  });

  const ask = (...items: Array<['movie' | 'tv', number]>) =>
    service.availability(items.map(([mediaType, id]) => ({ mediaType, id })));

  it('is fed by details with watch/providers appended, and answers mine in my order', () => {
    ingest(details(603, { US: { link: 'x', flatrate: [offer(8), offer(11)], rent: [offer(2)] } }), {
      mediaType: 'movie',
    });
    expect(ask(['movie', 603])).toEqual({
      region: 'US',
      items: [{ mediaType: 'movie', id: 603, known: true, services: [mubi, netflix] }],
    });
    expect(db.prepare('SELECT seen_at FROM availability_seen').pluck().get()).toBe(5000);
  });

  it('is fed by the standalone watch/providers answer, its title named by the path', () => {
    const context = ingestContextOf(
      'GET /3/tv/{series_id}/watch/providers',
      { series_id: 1396 },
      undefined,
    );
    ingest({ results: { US: { link: 'x', flatrate: [offer(8)] } } }, context);
    expect(ask(['tv', 1396]).items[0]).toMatchObject({ known: true, services: [netflix] });
    // The same id as a film is another title: unknown.
    expect(ask(['movie', 1396]).items[0]).toMatchObject({ known: false, services: [] });
  });

  it('says unknown for a title with no provider data cached, and nowhere for a region without', () => {
    ingest({ id: 5, title: 'Only a title' }, { mediaType: 'movie' });
    ingest(details(6, { FR: { link: 'x', flatrate: [offer(8)] } }), { mediaType: 'movie' });
    ingest(details(7, {}), { mediaType: 'movie' });
    expect(ask(['movie', 5], ['movie', 6], ['movie', 7]).items).toEqual([
      { mediaType: 'movie', id: 5, known: false, services: [] },
      { mediaType: 'movie', id: 6, known: true, services: [] },
      { mediaType: 'movie', id: 7, known: true, services: [] },
    ]);
  });

  it('keeps what it can of messy data: a null name, a bad region, a provider without an id', () => {
    ingest(
      details(8, {
        US: { link: 'x', flatrate: [offer(8, null), { provider_name: 'No id' }, null, 'x'] },
        'not a region': { link: 'x', flatrate: [offer(11)] },
        CA: null,
      }),
      { mediaType: 'movie' },
    );
    expect(ask(['movie', 8]).items[0]).toMatchObject({ known: true, services: [netflix] });
    const rows = db.prepare('SELECT region, provider_id, provider_name FROM availability').all();
    expect(rows).toEqual([{ region: 'US', provider_id: 8, provider_name: null }]);
  });

  it('bounds a provider name from TMDB', () => {
    ingest(details(9, { US: { link: 'x', flatrate: [offer(8, 'N'.repeat(10_000))] } }), {
      mediaType: 'movie',
    });
    const name = db.prepare('SELECT provider_name FROM availability').pluck().get() as string;
    expect(name.length).toBeLessThanOrEqual(200);
  });

  it('counts free and with-ads offers only when I chose so', () => {
    ingest(details(10, { US: { link: 'x', ads: [offer(73)], free: [offer(8)] } }), {
      mediaType: 'movie',
    });
    mine = { ...mine, providers: [netflix, tubi] };
    expect(ask(['movie', 10]).items[0]?.services).toEqual([]);
    mine = { ...mine, includeFree: true };
    expect(ask(['movie', 10]).items[0]?.services).toEqual([netflix, tubi]);
  });

  it('forgets a provider that left the title when a newer answer comes', () => {
    ingest(details(11, { US: { link: 'x', flatrate: [offer(8)] } }), { mediaType: 'movie' });
    expect(ask(['movie', 11]).items[0]?.services).toEqual([netflix]);
    ingest(details(11, { US: { link: 'x', flatrate: [offer(11)] } }), { mediaType: 'movie' });
    expect(ask(['movie', 11]).items[0]?.services).toEqual([mubi]);
    ingest(details(11, {}), { mediaType: 'movie' });
    expect(ask(['movie', 11]).items[0]).toMatchObject({ known: true, services: [] });
  });

  it('keeps up with every write after its first answer, a few or many', () => {
    expect(ask(['movie', 20]).items[0]?.known).toBe(false);
    ingest(details(20, { US: { link: 'x', flatrate: [offer(8)] } }), { mediaType: 'movie' });
    expect(ask(['movie', 20]).items[0]?.services).toEqual([netflix]);
    // More writes than are read one by one: the index is read again whole.
    for (let id = 100; id < 700; id += 1)
      ingest(details(id, { US: { link: 'x', flatrate: [offer(11)] } }), { mediaType: 'movie' });
    ingest(details(20, { US: { link: 'x', flatrate: [offer(11)] } }), { mediaType: 'movie' });
    expect(ask(['movie', 20], ['movie', 699]).items.map((i) => i.services)).toEqual([
      [mubi],
      [mubi],
    ]);
  });

  it('forgets everything when the cache is cleared, and learns again after', () => {
    ingest(details(30, { US: { link: 'x', flatrate: [offer(8)] } }), { mediaType: 'movie' });
    expect(ask(['movie', 30]).items[0]?.known).toBe(true);
    createUsageStore(db).clearAll();
    expect(ask(['movie', 30]).items[0]).toMatchObject({ known: false, services: [] });
    ingest(details(31, { US: { link: 'x', flatrate: [offer(11)] } }), { mediaType: 'movie' });
    expect(ask(['movie', 30], ['movie', 31]).items.map((i) => [i.known, i.services])).toEqual([
      [false, []],
      [true, [mubi]],
    ]);
  });

  it('answers in the order asked, my region decides, and no services means none', () => {
    ingest(details(12, { US: { link: 'x', flatrate: [offer(8)] } }), { mediaType: 'movie' });
    ingest(details(13, { GB: { link: 'x', flatrate: [offer(8)] } }), { mediaType: 'movie' });
    expect(ask(['movie', 13], ['movie', 12]).items.map((i) => i.services)).toEqual([[], [netflix]]);
    mine = { ...mine, region: 'GB' };
    expect(ask(['movie', 13], ['movie', 12]).items.map((i) => i.services)).toEqual([[netflix], []]);
    mine = { ...mine, providers: [] };
    expect(ask(['movie', 13]).items[0]).toMatchObject({ known: true, services: [] });
  });

  it('answers 5,000 titles, more than one statement holds', () => {
    for (let id = 1; id <= 5000; id += 1)
      if (id % 2 === 0)
        ingest(details(id, { US: { link: 'x', flatrate: [offer(8)] } }), { mediaType: 'movie' });
    const answer = service.availability(
      Array.from({ length: 5000 }, (_, i) => ({ mediaType: 'movie' as const, id: i + 1 })),
    );
    expect(answer.items.filter((i) => i.known)).toHaveLength(2500);
    expect(answer.items.filter((i) => i.services.length === 1)).toHaveLength(2500);
  });
});

describe('my services as the preference holds them', () => {
  const storeWith = (text: string | null) => ({ get: () => text });
  it('reads the preference, and falls back to none in the settings region', () => {
    const value = { region: 'GB', providers: [netflix], includeFree: true };
    expect(readMyServices(storeWith(JSON.stringify(value)), () => 'US')()).toEqual(value);
    const none = { region: 'US', providers: [], includeFree: false };
    expect(readMyServices(storeWith(null), () => 'US')()).toEqual(none);
    expect(readMyServices(storeWith('{not json'), () => 'US')()).toEqual(none);
    expect(readMyServices(storeWith('{"region":"nowhere"}'), () => 'US')()).toEqual(none);
    expect(readMyServices(null, () => 'US')()).toEqual(none);
  });
});
