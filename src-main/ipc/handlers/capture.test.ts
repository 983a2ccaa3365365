import { afterEach, describe, expect, it } from 'vitest';
import { EVENING, HOUR } from '../../capture/testing/events';
import { captureHarness, type Harness } from '../../capture/testing/harness';
import type { BackfillItem, ConnectorFactory } from '../../capture/types';
import { captureHandlers } from './capture';

const film = (itemKey: string, imdb: string): BackfillItem => ({
  server: 'plex',
  serverId: 'x',
  account: '1',
  itemKey,
  media: 'movie',
  ids: { imdb },
  title: null,
  year: null,
  season: null,
  episode: null,
  playCount: 1,
  lastPlayedAt: EVENING - 48 * HOUR,
});

/** A client whose backfill gives one page, then waits until it is stopped. */
function slowConnector(read: { page: () => void }): ConnectorFactory {
  return () => ({
    test: () => Promise.resolve([{ id: '1', name: 'Anna' }]),
    async backfill(onPage, signal) {
      await onPage([film('k1', 'tt0111161')]);
      read.page();
      await new Promise<void>((resolve) => {
        signal.addEventListener(
          'abort',
          () => {
            resolve();
          },
          { once: true },
        );
      });
    },
  });
}

describe('capture handlers', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('capture.cancelBackfill stops a running backfill and keeps the plays read so far', async () => {
    let pageRead!: () => void;
    const firstPage = new Promise<void>((resolve) => (pageRead = resolve));
    h = captureHarness({
      connectors: {
        plex: slowConnector({
          page: () => {
            pageRead();
          },
        }),
      },
    });
    const handlers = captureHandlers(() =>
      Promise.resolve({ capture: h.capture, libraryProblem: null }),
    );
    const server = await handlers['capture.addServer']({
      kind: 'plex',
      url: 'http://127.0.0.1:32400',
      auth: { kind: 'token', token: 'plex-token-123' },
    });
    await handlers['capture.updateServer']({ serverId: server.id, chosenAccounts: ['1'] });

    expect(await handlers['capture.cancelBackfill']({ serverId: server.id })).toEqual({
      stopping: false,
    });
    const started = await handlers['capture.backfill']({ serverId: server.id });
    expect(started.running).toBe(true);
    await firstPage;
    expect(await handlers['capture.cancelBackfill']({ serverId: server.id })).toEqual({
      stopping: true,
    });
    await h.capture.idle();

    expect(h.progress.at(-1)).toMatchObject({
      serverId: server.id,
      running: false,
      added: 1,
      message: 'Stopped; the plays read so far are kept.',
    });
    expect(h.tracking.tracking.plays({ scope: 'movie', movieId: 278 })).toHaveLength(1);
    // Stopped: nothing runs any more, and a new backfill may start.
    expect(await handlers['capture.cancelBackfill']({ serverId: server.id })).toEqual({
      stopping: false,
    });
  });
});
