import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MyServices } from '../../src-shared/ipc/contract/services';
import type { CacheThrough } from '../cache/cache-through';
import { ingestContextOf } from '../cache/extract-providers';
import { createReads } from '../cache/reads';
import { createIngest, type Ingest } from '../cache/store/ingest';
import { createUsageStore } from '../cache/store/usage';
import { tempCache } from '../cache/testing/temp-cache';
import type { SettingsStore } from '../settings/settings-store';
import type { TmdbClient } from '../tmdb/types';
import { createAvailability, type AvailabilityService } from './availability';
import { createAvailabilityStore } from './store/availability';

const netflix = { id: 8, name: 'Netflix', logoPath: '/netflix.jpg' };
const mubi = { id: 11, name: 'MUBI', logoPath: null };
const prime = { id: 9, name: 'Prime Video', logoPath: '/prime.jpg' };

const DISCOVER = 'GET /3/discover/movie';
/** A discover page of films, as TMDB answers it. */
const page = (...results: unknown[]) => ({ page: 1, results, total_pages: 1, total_results: 9 });
const film = (id: unknown) => ({ id, title: `Film ${String(id)}`, poster_path: null });

describe('the availability index fed by discover pages asked for titles on some providers', () => {
  let env: Awaited<ReturnType<typeof tempCache>>;
  let db: Database.Database;
  let ingest: Ingest;
  let mine: MyServices;
  let service: AvailabilityService;
  beforeEach(async () => {
    env = await tempCache();
    db = env.db;
    ingest = createIngest(db, () => 7000);
    mine = { region: 'US', providers: [mubi, netflix, prime], includeFree: false };
    service = createAvailability({ store: createAvailabilityStore(db), myServices: () => mine });
  });
  afterEach(() => {
    env.cleanup();
  });

  const ask = (...ids: number[]) =>
    service.availability(ids.map((id) => ({ mediaType: 'movie' as const, id }))).items;
  /** Ingests a discover page as the cache's reads do: the query names the filter. */
  const discovered = (query: Record<string, unknown>, body: unknown) =>
    ingest(body, ingestContextOf(DISCOVER, undefined, { mediaType: 'movie' }, query));
  const streaming = { watch_region: 'US', with_watch_monetization_types: 'flatrate' };

  it('names the one provider asked for', () => {
    discovered({ ...streaming, with_watch_providers: '8' }, page(film(1), film(2)));
    expect(ask(1, 2, 3)).toEqual([
      { mediaType: 'movie', id: 1, known: true, services: [netflix] },
      { mediaType: 'movie', id: 2, known: true, services: [netflix] },
      { mediaType: 'movie', id: 3, known: false, services: [] },
    ]);
    // Another region's services: nothing is known there.
    mine = { ...mine, region: 'GB' };
    expect(ask(1)[0]).toMatchObject({ known: false, services: [] });
  });

  it('says "one of these" for several providers asked as any, naming none of them', () => {
    discovered({ ...streaming, with_watch_providers: '9|8' }, page(film(4)));
    expect(ask(4)).toEqual([
      { mediaType: 'movie', id: 4, known: true, services: [], oneOf: [netflix, prime] },
    ]);
    // A page for Netflix alone then names it.
    discovered({ ...streaming, with_watch_providers: '8' }, page(film(4)));
    expect(ask(4)).toEqual([{ mediaType: 'movie', id: 4, known: true, services: [netflix] }]);
  });

  it('names each provider asked as all of them ("8,9")', () => {
    discovered({ ...streaming, with_watch_providers: '8,9' }, page(film(5)));
    expect(ask(5)[0]).toMatchObject({ known: true, services: [netflix, prime] });
  });

  it('says nothing of a set that is not all mine, or of offers I do not count', () => {
    discovered({ ...streaming, with_watch_providers: '8|337' }, page(film(6)));
    discovered(
      { ...streaming, with_watch_providers: '11', with_watch_monetization_types: 'free|ads' },
      page(film(7)),
    );
    expect(ask(6, 7).map((a) => a.known)).toEqual([false, false]);
    // Free offers counted: MUBI's free offer says it.
    mine = { ...mine, includeFree: true };
    expect(ask(7)[0]).toMatchObject({ known: true, services: [mubi] });
  });

  it('records nothing without a region, or when rentals and purchases could be what matched', () => {
    discovered(
      { with_watch_providers: '8', with_watch_monetization_types: 'flatrate' },
      page(film(8)),
    );
    discovered({ watch_region: 'US', with_watch_providers: '8' }, page(film(9)));
    discovered(
      { ...streaming, with_watch_providers: '8', with_watch_monetization_types: 'flatrate|rent' },
      page(film(10)),
    );
    discovered({ ...streaming, watch_region: 'us', with_watch_providers: '8' }, page(film(11)));
    discovered({ ...streaming, with_watch_providers: 'netflix' }, page(film(12)));
    expect(ask(8, 9, 10, 11, 12).map((a) => a.known)).toEqual([false, false, false, false, false]);
    expect(db.prepare('SELECT count(*) FROM availability_hint').pluck().get()).toBe(0);
    // A discover page without a filter feeds titles, never availability.
    ingest(page(film(13)), ingestContextOf(DISCOVER, undefined, { mediaType: 'movie' }, {}));
    expect(db.prepare('SELECT count(*) FROM titles WHERE id = 13').pluck().get()).toBe(1);
    expect(ask(13)[0]?.known).toBe(false);
  });

  it('keeps the page when a result has null fields or no usable id', () => {
    discovered(
      { ...streaming, with_watch_providers: '8' },
      page(
        { id: 14, title: null, poster_path: null, release_date: null, vote_average: null },
        { id: null, title: 'Vanished' },
        { title: 'No id at all' },
        { id: -3 },
        null,
        film(15),
      ),
    );
    expect(ask(14, 15).map((a) => a.services)).toEqual([[netflix], [netflix]]);
    expect(db.prepare('SELECT count(*) FROM availability_hint').pluck().get()).toBe(2);
    // A body that is not a page at all is ignored.
    discovered({ ...streaming, with_watch_providers: '8' }, { results: null });
    discovered({ ...streaming, with_watch_providers: '8' }, null);
  });

  it("never overrides a title's own watch providers, and gives way to them", () => {
    const details = (id: number, results: Record<string, unknown>) => ({
      id,
      title: `Film ${String(id)}`,
      'watch/providers': { results },
    });
    const offer = (id: number) => ({ provider_id: id, provider_name: `P${String(id)}` });
    // Known to stream on MUBI alone: a later page for Netflix does not change that.
    ingest(details(16, { US: { flatrate: [offer(11)] } }), { mediaType: 'movie' });
    discovered({ ...streaming, with_watch_providers: '8' }, page(film(16)));
    expect(ask(16)).toEqual([{ mediaType: 'movie', id: 16, known: true, services: [mubi] }]);
    // Known to stream nowhere: the hint is not even kept.
    ingest(details(17, {}), { mediaType: 'movie' });
    discovered({ ...streaming, with_watch_providers: '8|9' }, page(film(17)));
    expect(ask(17)).toEqual([{ mediaType: 'movie', id: 17, known: true, services: [] }]);
    expect(db.prepare('SELECT count(*) FROM availability_hint').pluck().get()).toBe(0);
    // A hint first, then the title's own answer: the answer replaces it.
    discovered({ ...streaming, with_watch_providers: '8' }, page(film(18)));
    expect(ask(18)[0]?.services).toEqual([netflix]);
    ingest(details(18, { US: { flatrate: [offer(9)] } }), { mediaType: 'movie' });
    expect(ask(18)).toEqual([{ mediaType: 'movie', id: 18, known: true, services: [prime] }]);
    expect(db.prepare('SELECT count(*) FROM availability_hint').pluck().get()).toBe(0);
  });

  it('renews a hint when a page says it again, and clearing the cache forgets it', () => {
    discovered({ ...streaming, with_watch_providers: '8' }, page(film(19)));
    ingest = createIngest(db, () => 9000);
    discovered({ ...streaming, with_watch_providers: '8' }, page(film(19)));
    expect(db.prepare('SELECT seen_at FROM availability_hint').pluck().all()).toEqual([9000]);
    expect(ask(19)[0]?.services).toEqual([netflix]);
    createUsageStore(db).clearAll();
    expect(ask(19)[0]).toMatchObject({ known: false, services: [] });
  });

  it('is fed by every discover read with a provider filter, with nothing for callers to do', async () => {
    const body = page(film(20), film(21));
    const tmdb = { request: () => Promise.resolve(body) } as unknown as TmdbClient;
    const through: CacheThrough = async (args) => ({
      value: await args.fetch(),
      source: 'network',
      fetchedAt: 7000,
      stale: false,
    });
    const settings = {
      get: () => ({ language: 'en-US', region: 'US', includeAdult: false }),
    } as unknown as SettingsStore;
    const read = createReads({
      tmdb,
      through,
      online: () => true,
      settings,
      accountId: () => null,
      ingest,
      log: { warn: () => undefined } as never,
      clock: () => 7000,
    });
    await read(DISCOVER, {
      query: { page: 1, with_watch_providers: '11|8', ...streaming },
    });
    expect(ask(20, 21).map((a) => a.oneOf)).toEqual([
      [mubi, netflix],
      [mubi, netflix],
    ]);
  });
});
