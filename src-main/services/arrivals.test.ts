import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR, MAX, NETFLIX, TUBI, answer, world, type World } from './testing/world';

/*
 * Arrivals: a title on my watchlist (or a followed series) that starts streaming on one of my
 * services in my region is announced once — never its backlog, never a departure, never twice.
 */
describe('arrivals on my services', () => {
  let w: World;
  beforeEach(() => {
    w = world();
  });
  afterEach(() => {
    w.close();
  });

  const choose = (providers = [NETFLIX], region = 'US', includeFree = false) =>
    w.services.set({ region, providers, includeFree });
  const later = async (ms: number) => {
    w.clock.now += ms;
    return w.services.refresh();
  };

  it('looks nothing up before my services are chosen', async () => {
    w.watch('movie', 603, 'The Matrix');
    expect(await w.services.refresh()).toMatchObject({ outcome: 'idle', requests: 0 });
    expect(w.requests).toEqual([]);
    expect(w.services.state()).toMatchObject({
      chosen: false,
      services: { region: 'GB', providers: [] },
      suggestedRegion: 'GB',
    });
  });

  it('records the backlog silently on first setup and says once how many titles are on my services', async () => {
    for (let id = 1; id <= 15; id += 1) {
      w.watch('movie', id, `Film ${id}`);
      w.tmdb.set(`movie:${id}`, answer({ US: { flatrate: id <= 12 ? [8] : [9] } }));
    }
    choose();
    await w.services.idle();
    expect(w.announced).toEqual([]);
    expect(w.inbox.list({ limit: 50, unreadOnly: false })).toEqual([]);
    expect(w.services.state().summary).toEqual({ titles: 12, region: 'US' });
    expect(w.states.at(-1)?.summary).toEqual({ titles: 12, region: 'US' });
    expect(w.services.dismissSummary().summary).toBeNull();
    // Dismissed, it is not said again, after a restart either.
    w.restart();
    await w.services.refresh();
    expect(w.services.state().summary).toBeNull();
  });

  it('announces a watchlisted film arriving on Netflix once: "Arrival is now on Netflix"', async () => {
    w.watch('movie', 329865, 'Arrival', '2016-11-10');
    w.tmdb.set('movie:329865', answer({ US: { rent: [2] } }));
    choose();
    await w.services.idle();
    w.tmdb.set('movie:329865', answer({ US: { flatrate: [8], rent: [2] }, GB: { flatrate: [9] } }));
    await later(15 * DAY);
    const items = w.inbox.list({ limit: 10, unreadOnly: false });
    expect(items).toMatchObject([
      {
        kind: 'arrival',
        mediaId: 329865,
        mediaType: 'movie',
        title: 'Arrival',
        body: 'is now on Netflix',
        // The service it arrived on, for its logo.
        providerId: 8,
      },
    ]);
    expect(w.announced).toHaveLength(1);
    // Looked up again (and again after a restart): the same arrival is never announced twice.
    await later(15 * DAY);
    w.restart();
    await later(15 * DAY);
    expect(w.inbox.list({ limit: 10, unreadOnly: false })).toHaveLength(1);
    expect(w.announced).toHaveLength(1);
  });

  it('announces a followed series too, and says "free" for an offer with ads when those count', async () => {
    w.watch('tv', 1399, 'Game of Thrones');
    choose([NETFLIX, TUBI], 'US', true);
    await w.services.idle();
    w.tmdb.set('tv:1399', answer({ US: { ads: [73] } }));
    await later(DAY);
    expect(w.inbox.list({ limit: 10, unreadOnly: false })).toMatchObject([
      { kind: 'arrival', mediaType: 'tv', mediaId: 1399, body: 'is now free on Tubi' },
    ]);
  });

  it('never announces an offer that does not count: rentals, or free ones unless I said so', async () => {
    w.watch('movie', 1, 'One');
    choose([NETFLIX, TUBI]);
    await w.services.idle();
    w.tmdb.set('movie:1', answer({ US: { rent: [8], free: [73] } }));
    await later(DAY);
    expect(w.announced).toEqual([]);
    // Counting free offers now is a change of my services: what streams is recorded silently.
    choose([NETFLIX, TUBI], 'US', true);
    await w.services.idle();
    expect(w.announced).toEqual([]);
    expect(w.services.state().summary).toEqual({ titles: 1, region: 'US' });
  });

  it('never announces a departure, nor a provider back within a day (no flapping)', async () => {
    w.watch('movie', 2, 'Two');
    w.tmdb.set('movie:2', answer({ US: { flatrate: [8] } }));
    choose();
    await w.services.idle();
    w.tmdb.set('movie:2', answer({ US: {} }));
    await later(13 * HOUR);
    w.tmdb.set('movie:2', answer({ US: { flatrate: [8] } }));
    await later(13 * HOUR);
    w.tmdb.set('movie:2', answer({ US: {} }));
    await later(13 * HOUR);
    expect(w.announced).toEqual([]);
    // Back after more than a day away: that is an arrival.
    w.tmdb.set('movie:2', answer({ US: { flatrate: [8] } }));
    await later(2 * DAY);
    expect(w.announced.flat()).toMatchObject([{ mediaId: 2, body: 'is now on Netflix' }]);
  });

  it('records a change of region silently, and announces arrivals there afterwards', async () => {
    w.watch('movie', 3, 'Three');
    w.tmdb.set('movie:3', answer({ US: { flatrate: [8] }, DE: { flatrate: [8] } }));
    choose([NETFLIX], 'US');
    await w.services.idle();
    choose([NETFLIX, MAX], 'DE');
    await w.services.idle();
    expect(w.announced).toEqual([]);
    expect(w.services.state().summary).toEqual({ titles: 1, region: 'DE' });
    w.tmdb.set('movie:3', answer({ DE: { flatrate: [8, 1899] } }));
    await later(DAY);
    expect(w.announced.flat()).toMatchObject([{ body: 'is now on Max' }]);
  });

  it('a provider TMDB no longer lists stays among my services and simply never arrives', async () => {
    w.watch('movie', 4, 'Four');
    const gone = { id: 999_999, name: 'Closed service', logoPath: null };
    choose([gone, NETFLIX]);
    await w.services.idle();
    expect(w.services.state().services.providers.map((p) => p.id)).toEqual([999_999, 8]);
    w.tmdb.set('movie:4', answer({ US: { flatrate: [8] } }));
    await later(DAY);
    expect(w.announced.flat()).toMatchObject([{ body: 'is now on Netflix' }]);
  });

  it('a region with no providers at all: nothing arrives, nothing fails, the summary says none', async () => {
    w.watch('movie', 5, 'Five');
    w.tmdb.set('movie:5', answer({ US: { flatrate: [8] } }));
    choose([NETFLIX], 'AQ');
    await w.services.idle();
    await later(DAY);
    expect(w.announced).toEqual([]);
    expect(w.services.state().summary).toEqual({ titles: 0, region: 'AQ' });
  });

  it('a title TMDB no longer has, or one that fails, is recorded and never stops the others', async () => {
    w.watch('movie', 6, 'Six');
    w.watch('movie', 7, 'Seven');
    w.watch('movie', 8, 'Eight');
    choose();
    await w.services.idle();
    w.tmdb.set('movie:6', 'gone');
    w.tmdb.set('movie:7', new Error('TMDB answered 500'));
    w.tmdb.set('movie:8', answer({ US: { flatrate: [8] } }));
    const run = await later(DAY);
    expect(run).toMatchObject({ outcome: 'done', failed: 1, checked: 2 });
    expect(w.announced.flat().map((i) => i.mediaId)).toEqual([8]);
  });

  it('stops at a network failure and goes on at the next run', async () => {
    w.watch('movie', 9, 'Nine');
    choose();
    await w.services.idle();
    w.tmdb.set('movie:9', Object.assign(new Error('offline'), { code: 'offline' }));
    expect(await later(DAY)).toMatchObject({ outcome: 'stopped', failed: 0 });
    w.tmdb.set('movie:9', answer({ US: { flatrate: [8] } }));
    await later(0);
    expect(w.announced.flat().map((i) => i.mediaId)).toEqual([9]);
  });
});
