import { afterEach, describe, expect, it } from 'vitest';
import { offersIn } from './arrivals';
import { catalogueOf } from './catalogue';
import { PROVIDER_INTERVALS, providerInterval, providersDue } from './policy';
import { regionFromLocale } from './region';
import { DAY, HOUR, NETFLIX, answer, world, type World } from './testing/world';

describe('the region from the operating system’s locale', () => {
  it('reads the country of a locale tag or a POSIX locale, else US', () => {
    expect(regionFromLocale('en-GB')).toBe('GB');
    expect(regionFromLocale('pt_BR.UTF-8')).toBe('BR');
    expect(regionFromLocale(undefined, 'C', 'de')).toBe('DE');
    expect(regionFromLocale('C', 'POSIX', '')).toBe('US');
  });
});

describe('how often providers are looked up', () => {
  const today = '2026-06-01';
  it('often for new and coming titles, rarely for old ones', () => {
    expect(providerInterval('2026-07-01', today)).toBe(PROVIDER_INTERVALS.fresh);
    expect(providerInterval('2026-05-01', today)).toBe(PROVIDER_INTERVALS.fresh);
    expect(providerInterval(null, today)).toBe(PROVIDER_INTERVALS.fresh);
    expect(providerInterval('2025-06-01', today)).toBe(PROVIDER_INTERVALS.recent);
    expect(providerInterval('1999-03-31', today)).toBe(PROVIDER_INTERVALS.settled);
    expect(providerInterval('2023-13-45', today)).toBe(PROVIDER_INTERVALS.fresh);
  });
  it('at once in a new region, an hour after a failure', () => {
    const base = { releaseDate: '1999-03-31', error: null, attemptedAt: 0 };
    expect(providersDue({ ...base, region: 'US', checkedAt: 0 }, 'GB', HOUR, today)).toBe(true);
    expect(providersDue({ ...base, region: 'US', checkedAt: 0 }, 'US', DAY, today)).toBe(false);
    const failed = { ...base, region: 'US', checkedAt: 0, error: 'x', attemptedAt: 0 };
    expect(providersDue(failed, 'US', HOUR - 1, today)).toBe(false);
    expect(providersDue(failed, 'US', HOUR, today)).toBe(true);
  });
});

describe('the providers to choose from', () => {
  const listing = (id: number, name: string, priority: number, logo: string | null = '/l.png') => ({
    provider_id: id,
    provider_name: name,
    logo_path: logo,
    display_priority: 99,
    display_priorities: { US: priority },
  });
  it('joins films’ and series’ lists once each, in the region’s order, names bounded', () => {
    const got = catalogueOf(
      'US',
      [
        { results: [listing(8, 'Netflix', 0), listing(15, 'Hulu', 2)] },
        {
          results: [listing(8, 'Netflix', 0), listing(9, 'A'.repeat(10_000), 1, 'javascript:x')],
        },
      ],
      {
        results: [
          { iso_3166_1: 'US', english_name: 'United States', native_name: 'US' },
          { iso_3166_1: 'us', english_name: 'bad', native_name: 'bad' },
          { iso_3166_1: 'DE', english_name: 'Germany', native_name: 'Deutschland' },
        ],
      },
      false,
    );
    expect(got.providers.map((p) => p.id)).toEqual([8, 9, 15]);
    expect(got.providers[1]?.name.length).toBeLessThanOrEqual(200);
    expect(got.providers[1]?.logoPath).toBeNull();
    expect(got.regions.map((r) => r.code)).toEqual(['DE', 'US']);
  });
  it('a region with no providers is an empty list, not an error', () => {
    expect(catalogueOf('AQ', [{ results: [] }], { results: [] }, true)).toEqual({
      region: 'AQ',
      providers: [],
      regions: [],
      stale: true,
    });
  });
});

describe('a watchlist of 5,000 titles', () => {
  let w: World;
  afterEach(() => {
    w.close();
  });
  it('is looked up once per title, then only as titles fall due, and one arrival is one item', async () => {
    w = world();
    w.db.transaction(() => {
      for (let id = 1; id <= 5_000; id += 1)
        w.watch(id % 2 ? 'movie' : 'tv', id, `Title ${id}`, id % 3 ? '1990-01-01' : '2026-05-20');
    })();
    w.services.set({ region: 'US', providers: [NETFLIX], includeFree: false });
    await w.services.idle();
    expect(w.requests).toHaveLength(5_000);
    expect(new Set(w.requests).size).toBe(5_000);
    expect(w.services.state().summary).toEqual({ titles: 0, region: 'US' });
    // A day later only the new titles (a third) are due; old ones wait their fortnight.
    w.tmdb.set('movie:4999', answer({ US: { flatrate: [8] } }));
    w.tmdb.set('tv:3000', answer({ US: { flatrate: [8] } }));
    w.clock.now += DAY;
    const run = await w.services.refresh();
    expect(run?.requests).toBe(1_666);
    expect(w.announced.flat().map((i) => i.mediaId)).toEqual([3000]);
    w.clock.now += 14 * DAY;
    await w.services.refresh();
    expect(
      w.announced
        .flat()
        .map((i) => i.mediaId)
        .sort(),
    ).toEqual([3000, 4999]);
  });
});

describe('a title’s offers as TMDB lists them', () => {
  it('counts subscriptions and free or with-ads offers once each, and skips what cannot be read', () => {
    const body = {
      results: {
        US: {
          link: 'x',
          flatrate: [
            {
              provider_id: 8,
              provider_name: 'N'.repeat(10_000),
              logo_path: null,
              display_priority: 0,
            },
            { provider_id: 8, provider_name: 'Netflix', logo_path: null, display_priority: 1 },
            { provider_id: -1, provider_name: 'Bad', logo_path: null, display_priority: 2 },
          ],
          ads: [{ provider_id: 73, provider_name: '', logo_path: null, display_priority: 0 }],
          free: [{ provider_id: 73, provider_name: 'Tubi', logo_path: null, display_priority: 0 }],
          rent: [
            { provider_id: 2, provider_name: 'Apple TV', logo_path: null, display_priority: 0 },
          ],
        },
      },
    };
    const offers = offersIn(body, 'US');
    expect(offers.map((o) => [o.providerId, o.offer])).toEqual([
      [8, 'flatrate'],
      [73, 'free'],
    ]);
    expect(offers[0]?.name.length).toBeLessThanOrEqual(200);
    expect(offersIn(body, 'GB')).toEqual([]);
  });
});
