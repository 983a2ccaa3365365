import { describe, expect, it } from 'vitest';
import {
  createResolver,
  parseLegacyGuid,
  UNKNOWN_ID_TTL_MS,
  type FindAnswer,
  type ResolvableItem,
} from './resolve';
import { fakeFind, findAnswers, memoryIds } from './testing/fakes';

const NOW = Date.UTC(2026, 7, 1, 20, 0);

function setup(now = (): number => NOW) {
  const find = fakeFind(findAnswers);
  const ids = memoryIds();
  return { find, ids, resolver: createResolver({ find, ids, clock: now }) };
}

const film = (over: Partial<ResolvableItem>): ResolvableItem => ({
  media: 'movie',
  ids: {},
  title: 'A film',
  season: null,
  episode: null,
  ...over,
});
const episode = (over: Partial<ResolvableItem>): ResolvableItem => ({
  media: 'episode',
  ids: {},
  title: 'A series',
  season: 1,
  episode: 1,
  ...over,
});

describe('resolve: films', () => {
  it('takes a TMDB id as it is, without a request', async () => {
    const { resolver, find } = setup();
    expect(await resolver.resolve(film({ ids: { tmdb: '550' } }))).toEqual({
      kind: 'resolved',
      target: { mediaType: 'movie', mediaId: 550, season: null, episode: null },
    });
    expect(find.calls).toEqual([]);
  });

  it('finds an IMDb film once, then remembers it', async () => {
    const { resolver, find } = setup();
    const item = film({ ids: { imdb: 'tt0111161' } });
    expect((await resolver.resolve(item)).kind).toBe('resolved');
    const again = await resolver.resolve(item);
    expect(again).toMatchObject({ target: { mediaType: 'movie', mediaId: 278 } });
    expect(find.calls).toEqual(['imdb_id:tt0111161']);
  });

  it('reads old Plex agents’ guids', async () => {
    const { resolver } = setup();
    const tmdb = film({ ids: { legacyGuid: 'com.plexapp.agents.themoviedb://550?lang=en' } });
    const imdb = film({ ids: { legacyGuid: 'com.plexapp.agents.imdb://tt0111161?lang=en' } });
    expect(await resolver.resolve(tmdb)).toMatchObject({ target: { mediaId: 550 } });
    expect(await resolver.resolve(imdb)).toMatchObject({ target: { mediaId: 278 } });
  });
});

describe('resolve: episodes', () => {
  it('maps an episode’s TheTVDB id to its series, season and number', async () => {
    const { resolver, find } = setup();
    // The server's numbering (2x5) loses to TMDB's own for the episode's id.
    const item = episode({ ids: { tvdb: '349232' }, season: 2, episode: 5 });
    expect(await resolver.resolve(item)).toEqual({
      kind: 'resolved',
      target: { mediaType: 'episode', mediaId: 1396, season: 1, episode: 1 },
    });
    expect(find.calls).toEqual(['tvdb_id:349232']);
  });

  it('maps an episode’s IMDb id', async () => {
    const { resolver } = setup();
    expect(await resolver.resolve(episode({ ids: { imdb: 'tt0959621' } }))).toMatchObject({
      target: { mediaType: 'episode', mediaId: 1396, season: 1, episode: 1 },
    });
  });

  it('places the event’s season and number in a series named by its ids', async () => {
    const { resolver, find } = setup();
    const byTmdb = episode({ seriesIds: { tmdb: '1396' }, season: 3, episode: 7 });
    expect(await resolver.resolve(byTmdb)).toMatchObject({
      target: { mediaId: 1396, season: 3, episode: 7 },
    });
    expect(find.calls).toEqual([]);
    const byTvdb = episode({ seriesIds: { tvdb: '81189' }, season: 2, episode: 1 });
    expect(await resolver.resolve(byTvdb)).toMatchObject({
      target: { mediaId: 1396, season: 2, episode: 1 },
    });
  });

  it('reads a legacy TheTVDB guid as series, season and number', async () => {
    const { resolver } = setup();
    const item = episode({
      ids: { legacyGuid: 'com.plexapp.agents.thetvdb://468006/1/4?lang=en' },
      season: null,
      episode: null,
    });
    expect(await resolver.resolve(item)).toMatchObject({
      target: { mediaType: 'episode', mediaId: 94997, season: 1, episode: 4 },
    });
  });

  it('does not place an episode without its numbers in a series', async () => {
    const { resolver } = setup();
    const item = episode({ seriesIds: { tmdb: '1396' }, season: null, episode: null });
    expect((await resolver.resolve(item)).kind).toBe('review');
  });
});

describe('resolve: episodes of a series the server names', () => {
  // Series 81189 is Breaking Bad (1396); its episodes' own TheTVDB ids are 5000 + 10·season + n.
  const answers: Record<string, Partial<FindAnswer>> = { 'tvdb_id:81189': { series: [1396] } };
  for (let season = 1; season <= 2; season++)
    for (let n = 1; n <= 5; n++)
      answers[`tvdb_id:${String(5000 + 10 * season + n)}`] = {
        episodes: [{ showId: 1396, season, episode: n }],
      };
  const of = (season: number, n: number, ids: ResolvableItem['ids'] = {}): ResolvableItem =>
    episode({
      ids: { tvdb: String(5000 + 10 * season + n), ...ids },
      seriesIds: { tvdb: '81189' },
      season,
      episode: n,
    });

  it('asks for the series once and checks one episode per season, not each', async () => {
    const find = fakeFind(answers);
    const resolver = createResolver({ find, ids: memoryIds(), clock: () => NOW });
    const items = [1, 2].flatMap((season) => [1, 2, 3, 4, 5].map((n) => of(season, n)));
    const resolved = await Promise.all(items.map((item) => resolver.resolve(item)));
    expect(resolved.map((r) => (r.kind === 'resolved' ? r.target : null))).toEqual(
      items.map((item) => ({
        mediaType: 'episode',
        mediaId: 1396,
        season: item.season,
        episode: item.episode,
      })),
    );
    expect(find.calls).toEqual(['tvdb_id:81189', 'tvdb_id:5011', 'tvdb_id:5021']);
  });

  it('finds each episode of a season TMDB numbers otherwise by its own ids', async () => {
    // TMDB has the second season in absolute order, as one long first season.
    const absolute = { ...answers };
    for (let n = 1; n <= 5; n++)
      absolute[`tvdb_id:${String(5020 + n)}`] = {
        episodes: [{ showId: 1396, season: 1, episode: 10 + n }],
      };
    const find = fakeFind(absolute);
    const resolver = createResolver({ find, ids: memoryIds(), clock: () => NOW });
    const first = await resolver.resolve(of(1, 2));
    expect(first).toMatchObject({ target: { season: 1, episode: 2 } });
    const second = [];
    for (const n of [1, 2, 3]) second.push(await resolver.resolve(of(2, n)));
    expect(second.map((r) => (r.kind === 'resolved' ? r.target.episode : null))).toEqual([
      11, 12, 13,
    ]);
    expect(second.every((r) => r.kind === 'resolved' && r.target.season === 1)).toBe(true);
    expect(find.calls).toEqual([
      'tvdb_id:81189',
      'tvdb_id:5012',
      'tvdb_id:5021',
      'tvdb_id:5022',
      'tvdb_id:5023',
    ]);
  });

  it('lets an episode TMDB does not know decide nothing: the next one is checked', async () => {
    const find = fakeFind(answers);
    const resolver = createResolver({ find, ids: memoryIds(), clock: () => NOW });
    const unknown = of(1, 1, { tvdb: '5999' });
    expect(await resolver.resolve(unknown)).toMatchObject({ target: { season: 1, episode: 1 } });
    expect(await resolver.resolve(of(1, 2))).toMatchObject({ target: { season: 1, episode: 2 } });
    expect(await resolver.resolve(of(1, 3))).toMatchObject({ target: { season: 1, episode: 3 } });
    expect(find.calls).toEqual(['tvdb_id:81189', 'tvdb_id:5999', 'tvdb_id:5012']);
  });
});

describe('resolve: holding answers for a backfill', () => {
  it('writes TMDB’s answers only when flushed while held, and uses them meanwhile', async () => {
    const { resolver, find, ids } = setup();
    const held = resolver.hold?.();
    const item = film({ ids: { imdb: 'tt0111161' } });
    await resolver.resolve(item);
    expect(ids.size()).toBe(0);
    expect(await resolver.resolve(item)).toMatchObject({ target: { mediaId: 278 } });
    expect(find.calls).toHaveLength(1);
    held?.flush();
    expect(ids.get('imdb_id:movie', 'tt0111161')).toMatchObject({ tmdbId: 278 });
  });

  it('writes what is left on release, then each answer as it comes', async () => {
    const { resolver, ids } = setup();
    const held = resolver.hold?.();
    await resolver.resolve(film({ ids: { imdb: 'tt0111161' } }));
    held?.release();
    held?.release();
    expect(ids.size()).toBe(1);
    await resolver.resolve(episode({ ids: { tvdb: '349232' } }));
    expect(ids.size()).toBe(2);
  });
});

describe('resolve: what goes to review', () => {
  it('sends an id TMDB does not know to review, and asks again only after a while', async () => {
    let now = NOW;
    const { resolver, find } = setup(() => now);
    const item = film({ ids: { imdb: 'tt9999999' } });
    expect(await resolver.resolve(item)).toEqual({
      kind: 'review',
      reason: 'TMDB knows none of the ids the server gave.',
    });
    await resolver.resolve(item);
    expect(find.calls).toHaveLength(1);
    now += UNKNOWN_ID_TTL_MS;
    await resolver.resolve(item);
    expect(find.calls).toHaveLength(2);
  });

  it('never guesses from a title and year', async () => {
    const { resolver, find } = setup();
    expect(await resolver.resolve(film({ title: 'Fight Club' }))).toEqual({
      kind: 'review',
      reason: 'The server gave only a title.',
    });
    expect(find.calls).toEqual([]);
  });

  it('does not pick one of several answers', async () => {
    const find = fakeFind({ 'imdb_id:tt0000001': { movies: [1, 2] } });
    const resolver = createResolver({ find, ids: memoryIds(), clock: () => NOW });
    expect((await resolver.resolve(film({ ids: { imdb: 'tt0000001' } }))).kind).toBe('review');
  });
});

describe('parseLegacyGuid', () => {
  it.each([
    [
      'com.plexapp.agents.thetvdb://468006/1/1?lang=en',
      { agent: 'tvdb', id: '468006', season: 1, episode: 1 },
    ],
    [
      'com.plexapp.agents.imdb://tt0111161?lang=en',
      { agent: 'imdb', id: 'tt0111161', season: null, episode: null },
    ],
    [
      'com.plexapp.agents.themoviedb://550',
      { agent: 'tmdb', id: '550', season: null, episode: null },
    ],
  ])('%s', (guid, expected) => {
    expect(parseLegacyGuid(guid)).toEqual(expected);
  });

  it('knows nothing of other agents or modern guids', () => {
    expect(parseLegacyGuid('com.plexapp.agents.hama://anidb-1')).toBeNull();
    expect(parseLegacyGuid('plex://episode/5d9c')).toBeNull();
    expect(parseLegacyGuid(undefined)).toBeNull();
  });
});
