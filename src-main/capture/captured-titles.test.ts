import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTrackingStore } from '../tracking/store';
import { seriesSnapshot } from '../tracking/testing/temp-tracking';
import { EVENING, HOUR, filmStop, jellyfinStop } from './testing/events';
import { accountsConnector, captureHarness, type Harness } from './testing/harness';

describe('capture service: the captured list names what TMDB names', () => {
  let h: Harness;
  let serverId: string;

  beforeEach(async () => {
    h = captureHarness({
      connectors: { jellyfin: accountsConnector([{ id: 'alice-id', name: 'alice' }]) },
    });
    serverId = (
      await h.capture.addServer({
        kind: 'jellyfin',
        url: 'http://127.0.0.1:8096',
        auth: { kind: 'token', token: 'jf-token-123' },
      })
    ).id;
    await h.capture.updateServer(serverId, { chosenAccounts: ['alice-id'] });
  });
  afterEach(async () => {
    await h.close();
  });

  const titles = () =>
    h.capture
      .captured(10, 0)
      .plays.map((p) => [p.mediaType, p.title, p.season, p.episode, p.episodeTitle]);

  it('shows TMDB’s episode title once its season is kept, else the series name and number', async () => {
    // The server's own names, which are not TMDB's.
    await h.capture.receive(jellyfinStop({ serverId, title: 'Breaking Bad (2008) [US]' }));
    await h.capture.receive(
      filmStop({
        serverId,
        account: 'alice-id',
        title: 'Fight Club (Director’s cut)',
        at: EVENING - HOUR,
      }),
    );
    // Before Marquee keeps the series: the server's name, with the season and number.
    expect(titles()).toEqual([
      ['episode', 'Breaking Bad (2008) [US]', 1, 1, null],
      ['movie', 'Fight Club (Director’s cut)', null, null, null],
    ]);

    // The series is kept with its first season: TMDB's series name and episode title.
    createTrackingStore(h.t.db).series.apply(
      seriesSnapshot(1396, [{ season: 1, airDates: ['2008-01-20', '2008-01-27'] }], {
        name: 'Breaking Bad',
      }),
      EVENING,
      true,
    );
    // An episode of a season not kept yet: TMDB's series name, no episode title.
    h.t.clock.now += HOUR;
    await h.capture.receive(
      jellyfinStop({
        serverId,
        itemKey: 'ep-2-3',
        ids: { tmdb: '62085' },
        seriesIds: { tmdb: '1396' },
        title: 'Breaking Bad (2008) [US]',
        season: 2,
        episode: 3,
        at: EVENING + HOUR,
      }),
    );
    expect(titles()).toEqual([
      ['episode', 'Breaking Bad', 2, 3, null],
      ['episode', 'Breaking Bad', 1, 1, 'Episode 1x1'],
      ['movie', 'Fight Club (Director’s cut)', null, null, null],
    ]);
  });
});
