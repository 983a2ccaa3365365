import { describe, expect, it } from 'vitest';
import type { MatchCandidate } from '../../src-shared/ipc/contract';
import { classify, createMatcher, normaliseTitle, type MatchSources } from './match';
import type { SourceRef } from './rows';

const film = (
  id: number,
  title: string,
  year: number | null,
  originalTitle?: string,
): MatchCandidate => ({
  mediaType: 'movie',
  id,
  title,
  year,
  posterPath: `/p${id}.jpg`,
  ...(originalTitle === undefined ? {} : { originalTitle }),
});
const series = (id: number, title: string, year: number | null): MatchCandidate => ({
  mediaType: 'tv',
  id,
  title,
  year,
  posterPath: null,
});
const ref = (r: Partial<SourceRef>): SourceRef => ({ mediaType: 'movie', ...r });

/** Sources over fixed lists, counting the remote calls. */
function sources(options: {
  local?: MatchCandidate[];
  remote?: MatchCandidate[];
  imdb?: Record<string, MatchCandidate[]>;
  offline?: boolean;
}): MatchSources & { calls: string[] } {
  const calls: string[] = [];
  const matches = (c: MatchCandidate, title: string): boolean =>
    normaliseTitle(c.title).includes(normaliseTitle(title)) ||
    normaliseTitle(c.originalTitle ?? '').includes(normaliseTitle(title));
  return {
    calls,
    local: (title, kinds) =>
      (options.local ?? []).filter((c) => kinds.includes(c.mediaType) && matches(c, title)),
    known: (mediaType, id) =>
      [...(options.local ?? [])].find((c) => c.mediaType === mediaType && c.id === id),
    search: (mediaType, title, year) => {
      calls.push(`search:${mediaType}:${title}:${year ?? ''}`);
      if (options.offline)
        return Promise.reject(Object.assign(new Error('offline'), { code: 'offline' }));
      return Promise.resolve(
        (options.remote ?? []).filter(
          (c) =>
            c.mediaType === mediaType &&
            matches(c, title) &&
            (year === undefined || c.year === year),
        ),
      );
    },
    findImdb: (id) => {
      calls.push(`find:${id}`);
      return Promise.resolve(options.imdb?.[id] ?? []);
    },
  };
}

describe('normaliseTitle', () => {
  it('ignores case, accents, punctuation, "&" and a leading article', () => {
    expect(normaliseTitle('The Lord of the Rings: The Two Towers')).toBe(
      'lord of the rings the two towers',
    );
    expect(normaliseTitle('Amélie')).toBe(normaliseTitle('amelie'));
    expect(normaliseTitle('Fast & Furious')).toBe(normaliseTitle('Fast and Furious'));
    expect(normaliseTitle("L'Avventura")).toBe('avventura');
    expect(normaliseTitle('Léon: The Professional')).toBe('leon the professional');
    // A title that is only an article keeps it.
    expect(normaliseTitle('The')).toBe('the');
  });
});

describe('the matching rules', () => {
  it('matches one candidate with the same title and year', () => {
    const result = classify(ref({ title: 'Heat', year: 1995 }), [
      film(1, 'Heat', 1995),
      film(2, 'Heat', 1972),
      film(3, 'Heat Wave', 1995),
    ]);
    expect(result).toMatchObject({ state: 'matched', chosen: { id: 1 }, note: null });
  });

  it('matches a single same-title candidate a year off, and says so', () => {
    const result = classify(ref({ title: 'Heat', year: 1996 }), [film(1, 'Heat', 1995)]);
    expect(result).toMatchObject({ state: 'matched', chosen: { id: 1 } });
    expect(result?.state === 'matched' && result.note).toMatch(/year off by one/i);
  });

  it('asks for review when two same-title candidates are a year off', () => {
    const result = classify(ref({ title: 'Heat', year: 1996 }), [
      film(1, 'Heat', 1995),
      film(2, 'Heat', 1997),
    ]);
    expect(result).toMatchObject({ state: 'review' });
  });

  it('matches on the original title as well as the translated one', () => {
    const result = classify(ref({ title: 'Le Fabuleux Destin d’Amélie Poulain', year: 2001 }), [
      film(7, 'Amélie', 2001, 'Le Fabuleux Destin d’Amélie Poulain'),
    ]);
    expect(result).toMatchObject({ state: 'matched', chosen: { id: 7 } });
  });

  it('asks for review when several titles share the name and year, best first, at most five', () => {
    const many = Array.from({ length: 8 }, (_, i) => film(10 + i, 'Crash', 2004));
    const result = classify(ref({ title: 'Crash', year: 2004 }), many);
    expect(result?.state).toBe('review');
    if (result?.state !== 'review') return;
    expect(result.candidates).toHaveLength(5);
    expect(result.reason).toMatch(/Several titles/);
  });

  it('asks for review when only weak candidates come back', () => {
    const result = classify(ref({ title: 'Heat', year: 1995 }), [film(3, 'Heat Wave', 1995)]);
    expect(result).toMatchObject({ state: 'review', candidates: [{ id: 3 }] });
  });

  it('asks for review when the title is there but years apart', () => {
    const result = classify(ref({ title: 'Heat', year: 2010 }), [film(1, 'Heat', 1995)]);
    expect(result).toMatchObject({ state: 'review' });
    expect(result?.state === 'review' && result.reason).toMatch(/not from 2010/);
  });

  it('without a year, matches a single same-title candidate and reviews several', () => {
    expect(
      classify(ref({ title: 'Heat' }), [film(1, 'Heat', 1995), film(3, 'Heat Wave', 1999)]),
    ).toMatchObject({ state: 'matched', chosen: { id: 1 } });
    expect(
      classify(ref({ title: 'Heat' }), [film(1, 'Heat', 1995), film(2, 'Heat', 1972)]),
    ).toMatchObject({ state: 'review' });
  });
});

describe('createMatcher', () => {
  it('uses a TMDB id as it is, named from the cache when known', async () => {
    const s = sources({ local: [film(949, 'Heat', 1995)] });
    const m = createMatcher(s);
    await expect(m.match(ref({ tmdbId: 949, title: 'Whatever' }))).resolves.toMatchObject({
      state: 'matched',
      chosen: { id: 949, title: 'Heat', posterPath: '/p949.jpg' },
    });
    await expect(m.match(ref({ tmdbId: 5, title: 'Unknown', year: 2001 }))).resolves.toMatchObject({
      state: 'matched',
      chosen: { id: 5, title: 'Unknown', year: 2001 },
    });
    expect(s.calls).toEqual([]);
  });

  it('finds an IMDb id through TMDB, keeping only the source’s type', async () => {
    const s = sources({ imdb: { tt0113277: [film(949, 'Heat', 1995), series(4, 'Heat', 2001)] } });
    const m = createMatcher(s);
    await expect(m.match(ref({ imdbId: 'tt0113277', mediaType: 'movie' }))).resolves.toMatchObject({
      state: 'matched',
      chosen: { mediaType: 'movie', id: 949 },
    });
    await expect(m.match(ref({ imdbId: 'tt0113277', mediaType: 'tv' }))).resolves.toMatchObject({
      state: 'matched',
      chosen: { mediaType: 'tv', id: 4 },
    });
  });

  it('places an IMDb episode by its id alone, never by its title', async () => {
    const episode = { ...series(4, 'The Pilot', 2001), season: 1, episode: 1 };
    const s = sources({ imdb: { tt0000001: [episode] }, remote: [series(9, 'The Pilot', 2001)] });
    const m = createMatcher(s);
    await expect(
      m.match(ref({ imdbId: 'tt0000001', title: 'The Pilot', mediaType: 'episode' })),
    ).resolves.toMatchObject({ state: 'matched', chosen: { id: 4, season: 1, episode: 1 } });
    await expect(
      m.match(ref({ imdbId: 'tt0000002', title: 'The Pilot', mediaType: 'episode' })),
    ).resolves.toMatchObject({ state: 'unmatched' });
    expect(s.calls.filter((c) => c.startsWith('search'))).toEqual([]);
  });

  it('falls back to the title when TMDB knows no such IMDb id', async () => {
    const s = sources({ remote: [film(1, 'Heat', 1995)] });
    const result = await createMatcher(s).match(
      ref({ imdbId: 'tt9999999', title: 'Heat', year: 1995 }),
    );
    expect(result).toMatchObject({ state: 'matched', chosen: { id: 1 } });
    expect(s.calls[0]).toBe('find:tt9999999');
  });

  it('answers from the local cache without asking TMDB when the cache decides', async () => {
    const s = sources({ local: [film(1, 'Heat', 1995)], remote: [film(1, 'Heat', 1995)] });
    await expect(createMatcher(s).match(ref({ title: 'Heat', year: 1995 }))).resolves.toMatchObject(
      {
        state: 'matched',
      },
    );
    expect(s.calls).toEqual([]);
  });

  it('searches series only for a series, and both for an unknown type', async () => {
    const s = sources({ remote: [film(1, 'Dark', 2017), series(2, 'Dark', 2017)] });
    const m = createMatcher(s);
    await expect(
      m.match(ref({ title: 'Dark', year: 2017, mediaType: 'tv' })),
    ).resolves.toMatchObject({
      state: 'matched',
      chosen: { mediaType: 'tv', id: 2 },
    });
    await expect(
      m.match(ref({ title: 'Dark', year: 2017, mediaType: 'unknown' })),
    ).resolves.toMatchObject({ state: 'review' });
  });

  it('shares one lookup between rows naming the same title', async () => {
    const s = sources({ remote: [film(1, 'Heat', 1995)] });
    const m = createMatcher(s);
    await Promise.all([
      m.match(ref({ title: 'Heat', year: 1995 })),
      m.match(ref({ title: 'HEAT', year: 1995 })),
      m.match(ref({ title: 'Heat', year: 1995 })),
    ]);
    expect(m.lookups()).toBe(1);
    expect(s.calls).toEqual(['search:movie:Heat:1995']);
  });

  it('leaves a row unmatched with the reason when nothing comes back, or TMDB cannot be reached', async () => {
    await expect(
      createMatcher(sources({})).match(ref({ title: 'Nothing Like It', year: 1990 })),
    ).resolves.toMatchObject({
      state: 'unmatched',
      reason: expect.stringMatching(/no film called/) as unknown,
    });
    await expect(
      createMatcher(sources({ offline: true })).match(ref({ title: 'Heat', year: 1995 })),
    ).resolves.toMatchObject({
      state: 'waiting',
      reason: expect.stringMatching(
        /could not reach TMDB.*matched when TMDB is reachable/,
      ) as unknown,
    });
    await expect(createMatcher(sources({})).match(ref({}))).resolves.toMatchObject({
      state: 'unmatched',
      reason: expect.stringMatching(/no title/) as unknown,
    });
  });
});

describe('a row is matched the same whatever else the file or the cache held', () => {
  const dunes = [film(438631, 'Dune', 2021), film(841, 'Dune', 1984), film(999, 'Dune', 2000)];

  it('asks TMDB about a title without a year even when the cache holds one of that name', async () => {
    // The diary's "Dune (2021)" put one Dune in the cache before the watchlist's yearless "Dune".
    const s = sources({ local: [film(438631, 'Dune', 2021)], remote: dunes });
    const result = await createMatcher(s).match(ref({ title: 'Dune' }));
    expect(result).toMatchObject({ state: 'review' });
    expect(
      result.state === 'review' && result.candidates.map((c) => c.id).sort((a, b) => a - b),
    ).toEqual([841, 999, 438631]);
    expect(s.calls).toEqual(['search:movie:Dune:']);
    // The same row with an empty cache comes out the same.
    await expect(
      createMatcher(sources({ remote: dunes })).match(ref({ title: 'Dune' })),
    ).resolves.toMatchObject({ state: 'review' });
  });

  it('waits for TMDB rather than take the cache’s one title of a yearless name', async () => {
    const s = sources({ local: [film(438631, 'Dune', 2021)], offline: true });
    await expect(createMatcher(s).match(ref({ title: 'Dune' }))).resolves.toMatchObject({
      state: 'waiting',
    });
  });
});

describe('candidates offered for review', () => {
  const fightClubs = [
    film(550, 'Fight Club', 1999),
    film(1, 'Zombie Fight Club', 2014),
    film(2, 'Florence Fight Club', 2010),
    film(3, 'GCW Fight Club', 2021),
  ];

  it('resemble the row: an unrelated title is never offered', () => {
    expect(classify(ref({ title: 'Amélie', year: 2001 }), fightClubs)).toBeNull();
    expect(classify(ref({ title: 'Titanic', year: 1997 }), fightClubs)).toBeNull();
    expect(classify(ref({ title: 'Fight Club', year: 1998 }), fightClubs.slice(1))).toBeNull();
    expect(
      classify(ref({ title: 'Amélie', year: 2001 }), [
        film(194, 'Le Fabuleux Destin d’Amélie Poulain', 2001),
        ...fightClubs,
      ]),
    ).toMatchObject({ state: 'review', candidates: [{ id: 194 }] });
  });

  it('offline, a row the cache does not decide waits for TMDB instead of offering the cache’s titles', async () => {
    const s = sources({ offline: true });
    // The cache answers anything with its Fight Clubs, as a loose full-text search can.
    const m = createMatcher({ ...s, local: () => fightClubs });
    for (const row of [
      ref({ title: 'Amélie', year: 2001 }),
      ref({ title: 'Titanic', year: 1997 }),
    ]) {
      const result = await m.match(row);
      expect(result.state).toBe('waiting');
      expect(result.state === 'waiting' && result.reason).toMatch(/when TMDB is reachable/);
    }
  });

  it('online, a row with only unrelated titles found is unmatched, not offered them', async () => {
    const s = sources({});
    const m = createMatcher({ ...s, local: () => fightClubs });
    await expect(m.match(ref({ title: 'Titanic', year: 1997 }))).resolves.toMatchObject({
      state: 'unmatched',
      reason: expect.stringMatching(/no film called “Titanic \(1997\)”/) as unknown,
    });
  });
});
