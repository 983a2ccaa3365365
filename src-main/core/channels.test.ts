import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames, type ChannelName } from '../../src-shared/ipc/channels';
import type { ErrorCode } from '../../src-shared/ipc/errors';
import { startTestCore, type TestCore } from './testing/core';

/**
 * Every channel of the contract, called through the guard against the local catalogue, in an
 * order a user could follow (browse, sign in, change the library, sync, sign out).
 */
describe('every channel answers', () => {
  let t: TestCore;
  const opened: string[] = [];
  const called = new Set<ChannelName>();
  beforeAll(async () => {
    t = await startTestCore({
      core: {
        // No probe of this computer's ports from a test.
        capture: { discover: () => Promise.resolve([]) },
        // Cheap key stretching, and passes only when asked.
        devices: { kdf: { N: 2 ** 10, r: 8, p: 1 }, watch: false, flushDelayMs: 0 },
        openExternal: (url) => {
          opened.push(url);
          return Promise.resolve();
        },
      },
    });
  });
  afterAll(async () => t.close());

  async function ok(channel: ChannelName, input?: unknown): Promise<unknown> {
    called.add(channel);
    return t.value(channel, input as never);
  }
  async function fails(channel: ChannelName, input: unknown, codes: ErrorCode[]): Promise<void> {
    called.add(channel);
    const result = await t.call(channel, input as never);
    expect(result.ok, `${channel} should fail`).toBe(false);
    if (!result.ok) expect(codes).toContain(result.error.code);
  }

  it('with valid input, each channel gives its answer', async () => {
    const movie = t.catalogue.data.sortedBy('movie', 'popularity')[0]?.id ?? 0;
    const series = t.catalogue.data.sortedBy('tv', 'popularity')[0]?.id ?? 0;
    const person = t.catalogue.data.popularPeople()[0]?.id ?? 0;

    expect(await ok('app.info')).toMatchObject({ name: 'Marquee', imagePath: 'img', demo: true });
    expect(await ok('network.current')).toMatchObject({ online: true });
    // A core without the desktop shell's updater does not update itself, and says so.
    expect(await ok('app.update')).toEqual({ state: 'unavailable' });
    expect(await ok('app.notices')).toEqual({ notices: [] });
    await fails('app.installUpdate', undefined, ['conflict']);
    expect(await ok('settings.get')).toMatchObject({
      language: 'en-US',
      region: 'US',
      includeAdult: false,
      imageCacheMb: 500,
    });
    expect(await ok('settings.set', { theme: 'dark' })).toMatchObject({ theme: 'dark' });
    expect(await ok('reference.countries')).toMatchObject({ meta: { source: 'network' } });
    await ok('reference.jobs');
    await ok('reference.genres', { media: 'tv' });
    await ok('reference.watchProviders', {});
    await ok('browse.trendingTv', { window: 'day', page: 1 });
    await ok('browse.topRatedTv', { page: 1 });
    await ok('browse.popularPeople', { page: 1 });
    await ok('browse.latestPerson');
    const discovered = (await ok('browse.discoverMovies', {
      genres: [],
      providers: [],
      yearFrom: 1990,
    })) as { data: { results: unknown[] } };
    expect(discovered.data.results.length).toBeGreaterThan(0);
    await ok('search.multi', { query: 'the' });
    // Whether a look-ahead completes depends on its wall-time budget (tested with a fixed clock in
    // cache/search-ahead.test.ts, and through the window in search.spec.ts); here the channel must
    // answer for the text it was asked.
    const ahead = (await ok('search.ahead', { text: '' })) as Record<string, unknown>;
    expect([ahead.text, typeof ahead.complete, typeof ahead.next]).toEqual([
      '',
      'boolean',
      'object',
    ]);
    await ok('search.collections', { query: 'the' });
    const details = (await ok('movie.details', { id: movie })) as { data: Record<string, unknown> };
    expect(Object.keys(details.data)).toEqual(
      expect.arrayContaining(['credits', 'release_dates', 'recommendations', 'watch/providers']),
    );
    await ok('movie.recommendations', { id: movie });
    await ok('movie.similar', { id: movie });
    const show = (await ok('tv.details', { id: series })) as { data: Record<string, unknown> };
    expect(Object.keys(show.data)).toEqual(
      expect.arrayContaining(['credits', 'similar', 'watch/providers']),
    );
    await ok('tv.similar', { id: series });
    // The details fed the availability index; no services are chosen yet, so none streams it.
    expect(
      await ok('services.availability', {
        items: [
          { mediaType: 'movie', id: movie },
          { mediaType: 'tv', id: series },
          { mediaType: 'tv', id: person },
        ],
      }),
    ).toEqual({
      region: 'US',
      items: [
        { mediaType: 'movie', id: movie, known: true, services: [] },
        { mediaType: 'tv', id: series, known: true, services: [] },
        { mediaType: 'tv', id: person, known: false, services: [] },
      ],
    });
    await ok('tv.season', { seriesId: series, season: 1 });
    await ok('tv.episodeCredits', { seriesId: series, season: 1, episode: 1 });
    await ok('tv.seasonTranslations', { seriesId: series, season: 1 });
    const groups = (await ok('tv.episodeGroups', { seriesId: series })) as {
      data: { results: Array<{ id: string }> };
    };
    await ok('tv.episodeGroup', { groupId: groups.data.results[0]?.id ?? '' });
    const personPage = (await ok('person.details', { id: person })) as {
      data: Record<string, unknown>;
    };
    expect(Object.keys(personPage.data)).toEqual(
      expect.arrayContaining(['combined_credits', 'images']),
    );
    await ok('person.taggedImages', { id: person });

    expect(await ok('auth.status')).toMatchObject({ state: 'signed_out' });
    const flow = (await ok('auth.beginApproval')) as { flowId: string };
    expect(opened).toHaveLength(1);
    await fails('auth.completeApproval', { flowId: flow.flowId }, [
      'unauthorized',
      'conflict',
      'not_found',
    ]);
    await ok('auth.cancelApproval', { flowId: flow.flowId });
    expect(
      await ok('auth.login', {
        username: t.catalogue.demoUser,
        password: t.catalogue.demoPassword,
      }),
    ).toMatchObject({ state: 'user' });
    await ok('account.details');

    await ok('library.setWatchlist', { mediaType: 'movie', mediaId: movie, on: true });
    await ok('library.setFavorite', { mediaType: 'tv', mediaId: series, on: true });
    await ok('library.rate', {
      target: { mediaType: 'episode', mediaId: series, season: 1, episode: 1 },
      value: 7.5,
    });
    expect(
      await ok('library.state', { target: { mediaType: 'movie', mediaId: movie } }),
    ).toMatchObject({ watchlist: true, favorite: false });
    const watchlist = (await ok('library.collection', {
      collection: 'watchlist',
      mediaType: 'movie',
    })) as {
      items: Array<{ mediaId: number; title: string | null }>;
      counts: Record<string, number>;
    };
    expect(watchlist.items[0]?.mediaId).toBe(movie);
    expect(watchlist.items[0]?.title).toBe(t.catalogue.data.movieById(movie)?.title);
    expect(watchlist.counts).toEqual({ movie: 1 });
    const created = (await ok('lists.create', { name: 'Rainy Sundays' })) as {
      list: { id: string };
    };
    await ok('lists.addItem', { listId: created.list.id, movieId: movie });
    expect(await ok('lists.all')).toMatchObject({
      lists: [{ name: 'Rainy Sundays', itemCount: 1 }],
    });
    expect(await ok('lists.get', { listId: created.list.id })).toMatchObject({
      items: [{ mediaId: movie }],
    });
    await ok('lists.removeItem', { listId: created.list.id, movieId: movie });
    await ok('lists.clear', { listId: created.list.id, confirm: true });
    await ok('sync.now');
    const account = t.catalogue.state.demoAccount;
    expect([...account.watchlist.movie.keys()]).toEqual([movie]);
    expect([...account.favorite.tv.keys()]).toEqual([series]);
    expect(account.ratings.episode.get(`${series}:1:1`)?.value).toBe(7.5);
    expect([...t.catalogue.state.lists.values()].map((l) => l.name)).toEqual(['Rainy Sundays']);
    await ok('lists.delete', { listId: created.list.id });
    expect(await ok('sync.now')).toMatchObject({ pending: 0, failed: 0, running: false });
    expect(t.catalogue.state.lists.size).toBe(0);
    const outbox = (await ok('sync.outbox')) as { entries: Array<{ status: string }> };
    expect(outbox.entries.map((e) => e.status)).toContain('sent');
    await ok('sync.retryFailed');

    expect(await ok('cache.status')).toMatchObject({ imageLimitBytes: 500 * 1024 * 1024 });
    expect(((await ok('cache.clear')) as { freedBytes: number }).freedBytes).toBeGreaterThan(0);
    expect(await ok('cache.status')).toMatchObject({ responses: 0, titles: 0 });

    await ok('credentials.setAppToken', { kind: 'accessToken', value: t.catalogue.accessToken });
    await ok('credentials.clearAppToken');
    expect(await ok('auth.signOut', { discardPending: false })).toMatchObject({
      state: 'signed_out',
    });
    expect(await ok('lists.all')).toEqual({ lists: [] });
    expect(await ok('auth.guest')).toMatchObject({ state: 'guest' });

    // Watch tracking is Marquee's own: it works signed out, and survives sign-out.
    const episode = { scope: 'episode', seriesId: series, season: 1, episode: 1 };
    const marked = (await ok('tracking.mark', { target: episode })) as { added: unknown[] };
    expect(marked.added).toHaveLength(1);
    expect(await ok('tracking.refresh', { seriesId: series })).toMatchObject({ done: 1 });
    expect(await ok('tracking.progress', { seriesId: series })).toMatchObject({ watched: 1 });
    await ok('tracking.plays', { target: episode });
    expect(await ok('tracking.history', {})).toMatchObject({ total: 1 });
    await ok('tracking.progressMany', { seriesIds: [series] });
    expect(
      await ok('history.titles', { movieIds: [], seriesIds: [series], episodes: [episode] }),
    ).toMatchObject({ titles: [{ mediaType: 'tv', id: series, gone: false }], episodes: [{}] });
    await ok('tracking.upNext', {});
    const recorded = { changes: [expect.any(String)] as unknown };
    expect(await ok('tracking.setFollow', { seriesId: series, follow: 'follow' })).toMatchObject({
      progress: { seriesId: series, follow: 'follow' },
      ...recorded,
    });
    expect(
      await ok('tracking.setIncludeSpecials', { seriesId: series, includeSpecials: true }),
    ).toMatchObject({ progress: { includeSpecials: true }, ...recorded });
    // Already so: nothing changes, nothing is recorded.
    expect(await ok('tracking.setHidden', { seriesId: series, hidden: false })).toMatchObject({
      changes: [],
    });
    expect(await ok('tracking.snooze', { seriesId: series, until: null })).toMatchObject({
      changes: [],
    });
    await ok('tracking.calendar', {});
    expect(await ok('tracking.exportIcs', {})).toMatchObject({
      text: expect.stringContaining('BEGIN:VCALENDAR') as unknown,
    });
    await ok('tracking.status');
    expect(await ok('tracking.inbox', {})).toMatchObject({ unread: 0 });
    expect(await ok('tracking.markRead', { ids: 'all' })).toEqual({ unread: 0, changes: [] });
    const undo = (await ok('tracking.unmark', { target: episode })) as { removed: unknown[] };
    expect(await ok('tracking.restore', { plays: undo.removed })).toEqual({
      restored: 1,
      changes: [expect.any(String)],
    });
    await fails('tracking.mark', { target: { scope: 'movie', movieId: 0 } }, ['invalid_input']);

    // Import, backup and export: a staged file (the harness's upload) goes through a whole job.
    expect(await ok('import.samples')).toEqual({ samples: [] });
    await fails('import.stageSample', { id: 'none' }, ['not_found']);
    await fails('import.open', { from: { dialog: 'file' } }, ['unsupported']);
    await fails('import.open', { from: { sample: 'none' } }, ['not_found']);
    const title = t.catalogue.data.movies.find((m) => m.id === movie);
    const staged = await t.core.imports.stageBytes(
      'diary.csv',
      new TextEncoder().encode(
        `Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-01-01,"${title?.title ?? ''}",${title?.date.slice(0, 4) ?? ''},https://boxd.it/x,4,,,2024-01-01\n`,
      ),
    );
    const { jobId } = (await ok('import.analyse', { sourceId: staged.sourceId })) as {
      jobId: string;
    };
    // Opening the same staged read answers the job its analysis started, in one call.
    expect(await ok('import.open', { from: { sourceId: staged.sourceId } })).toMatchObject({
      source: { sourceId: staged.sourceId, name: 'diary.csv' },
      job: { jobId },
    });
    const settled = async (states: string[]): Promise<{ state: string }> => {
      for (;;) {
        const job = (await ok('import.job', { jobId })) as { state: string };
        if (states.includes(job.state)) return job;
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    expect(await settled(['ready', 'failed'])).toMatchObject({ state: 'ready' });
    await fails('import.resolve', { jobId, rowId: 999, choice: { skip: true } }, ['not_found']);
    const targets = {
      watched: true,
      ratings: false,
      watchlist: false,
      favourites: false,
      lists: false,
    };
    await ok('import.apply', { jobId, targets });
    expect(await settled(['done', 'failed'])).toMatchObject({ state: 'done' });
    expect(await ok('import.cancel', { jobId })).toEqual({ ok: true });
    expect(await ok('import.jobs')).toMatchObject({ jobs: [{ jobId }] });
    expect(await ok('backup.create')).toMatchObject({
      text: expect.stringContaining('marquee-backup') as unknown,
    });
    expect(await ok('export.file', { kind: 'letterboxd' })).toMatchObject({ mimeType: 'text/csv' });
    // The imported history above is what the stats count.
    const overview = (await ok('stats.overview', {})) as { totals: { plays: number } };
    expect(overview.totals.plays).toBeGreaterThan(0);
    const { years } = (await ok('stats.years')) as { years: Array<{ year: number }> };
    expect(years.length).toBeGreaterThan(0);
    expect(await ok('stats.yearInReview', { year: years[0]?.year ?? 2025 })).toMatchObject({
      months: expect.any(Array) as unknown,
    });

    // Play capture: a webhook-only server, the demo's simulated server and the captured list.
    expect(await ok('capture.discover')).toEqual({ found: [] });
    const server = (await ok('capture.addServer', {
      kind: 'jellyfin',
      url: null,
      auth: { kind: 'none' },
    })) as { id: string };
    expect(await ok('capture.servers')).toMatchObject({ servers: [{ id: server.id }] });
    expect(await ok('capture.testServer', { serverId: server.id })).toMatchObject({
      status: { state: 'listening' },
    });
    expect(
      await ok('capture.updateServer', { serverId: server.id, thresholdPercent: 80 }),
    ).toMatchObject({ thresholdPercent: 80 });
    await fails('capture.backfill', { serverId: server.id }, ['unsupported']);
    // No backfill runs: there is nothing to stop.
    expect(await ok('capture.cancelBackfill', { serverId: server.id })).toEqual({
      stopping: false,
    });
    const film = t.catalogue.data.sortedBy('movie', 'popularity')[7]?.id ?? 0;
    expect(await ok('capture.simulatePlay', { mediaType: 'movie', id: film })).toEqual({
      ok: true,
    });
    expect(await ok('capture.captured', {})).toMatchObject({
      total: 1,
      plays: [{ mediaType: 'movie', mediaId: film, serverName: 'Demo media server' }],
    });
    expect(await ok('capture.review')).toEqual({ items: [] });
    await fails('capture.resolve', { reviewId: 1, choice: { skip: true } }, ['not_found']);
    expect(await ok('capture.removeServer', { serverId: server.id })).toEqual({ ok: true });

    // Sync across computers, through a folder: the harness has no folder dialog.
    expect(await ok('devices.status')).toMatchObject({ state: 'off', devices: [] });
    const folder = mkdtempSync(join(tmpdir(), 'marquee-channels-sync-'));
    try {
      const passphrase = 'a passphrase for the test';
      await fails('devices.setup', { folder: 'dialog', passphrase, name: 'Desk' }, ['unsupported']);
      expect(await ok('devices.setup', { folder, passphrase, name: 'Desk' })).toMatchObject({
        state: 'idle',
        folder,
        thisDevice: { name: 'Desk' },
      });
      expect(await ok('devices.rename', { name: 'Study' })).toMatchObject({
        thisDevice: { name: 'Study' },
      });
      expect(await ok('devices.syncNow')).toMatchObject({ state: 'idle' });
      await fails('devices.forget', { id: '00000000-0000-4000-8000-000000000000' }, ['not_found']);
      expect(await ok('devices.stop')).toMatchObject({ state: 'off', folder: null });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    // Picks from the history, and "not interested" remembered.
    const picks = (await ok('picks.list', { limit: 5 })) as { basis: string };
    expect(['history', 'popular']).toContain(picks.basis);
    expect(await ok('picks.dismiss', { mediaType: 'movie', id: film })).toEqual({ hidden: true });
    expect(await ok('picks.undismiss', { mediaType: 'movie', id: film })).toEqual({
      hidden: false,
    });
    // My streaming services: the choice, the providers to choose from, the summary.
    expect(await ok('services.get')).toMatchObject({ chosen: false, summary: null });
    const choice = { region: 'GB', providers: [{ id: 8, name: 'Netflix', logoPath: null }] };
    expect(await ok('services.set', { ...choice, includeFree: true })).toMatchObject({
      chosen: true,
      services: { region: 'GB', includeFree: true },
    });
    await fails('services.set', { ...choice, region: 'gb', includeFree: true }, ['invalid_input']);
    const offered = (await ok('services.catalogue', { region: 'GB' })) as {
      region: string;
      providers: Array<{ id: number; name: string }>;
    };
    expect(offered.region).toBe('GB');
    expect(offered.providers.find((p) => p.id === 8)?.name).toBe('Netflix');
    expect(await ok('services.dismissSummary')).toMatchObject({ summary: null });

    expect(channelNames.filter((c) => !called.has(c))).toEqual([]);
  });

  it('input that does not fit the channel is refused as invalid_input, for every channel', async () => {
    for (const channel of channelNames) {
      const result = await t.call(channel, 'not what any channel takes' as never);
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    const rated = await t.call('library.rate', {
      target: { mediaType: 'movie', mediaId: 1 },
      value: 7.3,
    });
    expect(rated.ok ? null : rated.error).toMatchObject({ code: 'invalid_input' });
    expect(rated.ok ? '' : rated.error.message).toContain('multiple of 0.5');
    // The history pages by cursor only: an offset is refused, not silently read as page one.
    const byOffset = await t.call('tracking.history', { limit: 10, offset: 10 } as never);
    expect(byOffset.ok ? null : byOffset.error).toMatchObject({ code: 'invalid_input' });
    expect(byOffset.ok ? '' : byOffset.error.message).toContain('offset');
  });
});
