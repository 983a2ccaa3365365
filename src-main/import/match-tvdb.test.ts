import { describe, expect, it } from 'vitest';
import type { MatchCandidate } from '../../src-shared/ipc/contract';
import { createMatcher, type MatchSources } from './match';
import type { SourceRef } from './rows';

const show = (id: number, title: string): MatchCandidate => ({
  mediaType: 'tv',
  id,
  title,
  year: 2001,
  posterPath: null,
});

/** TMDB's find by TheTVDB id over a fixed table, counting the calls. */
function sources(byTvdb: Record<number, MatchCandidate[]>, search: MatchCandidate[] = []) {
  const calls: number[] = [];
  const s: MatchSources = {
    local: () => [],
    known: () => undefined,
    search: () => Promise.resolve(search),
    findImdb: () => Promise.resolve([]),
    findTvdb: (id) => {
      calls.push(id);
      return Promise.resolve(byTvdb[id] ?? []);
    },
  };
  return { s, calls };
}

const episode = (r: Partial<SourceRef>): SourceRef => ({
  mediaType: 'episode',
  title: 'Cowboy Bebop',
  tvdbId: 76885,
  ...r,
});

describe('matching by TheTVDB ids', () => {
  it("places an episode by its own TVDB id, with TMDB's season and number", async () => {
    const { s } = sources({
      900: [{ ...show(30991, 'Asteroid Blues'), season: 2, episode: 4 }],
      76885: [show(30991, 'Cowboy Bebop')],
    });
    const result = await createMatcher(s).match(episode({ tvdbEpisodeId: 900 }));
    expect(result).toMatchObject({
      state: 'matched',
      chosen: { id: 30991, season: 2, episode: 4 },
    });
  });

  it('falls back to the series TVDB id (the row keeps its numbers) and shares the lookup', async () => {
    const { s, calls } = sources({ 76885: [show(30991, 'Cowboy Bebop')] });
    const matcher = createMatcher(s);
    const a = await matcher.match(episode({ tvdbEpisodeId: 901 }));
    const b = await matcher.match(episode({ tvdbEpisodeId: 902 }));
    expect(a).toMatchObject({ state: 'matched', chosen: { id: 30991 } });
    expect(a.state === 'matched' && a.chosen.episode).toBeUndefined();
    expect(b.state).toBe('matched');
    expect(calls.filter((id) => id === 76885)).toHaveLength(1);
  });

  it('falls back to the series title when TMDB knows neither id, and says why', async () => {
    const { s } = sources({}, [show(30991, 'Cowboy Bebop')]);
    const result = await createMatcher(s).match(episode({ tvdbEpisodeId: 903 }));
    expect(result).toMatchObject({ state: 'matched', chosen: { id: 30991 } });
    const none = await createMatcher(sources({}).s).match(episode({ tvdbEpisodeId: 903 }));
    expect(none.state).toBe('unmatched');
    expect(none.state === 'unmatched' && none.reason).toMatch(
      /TMDB knows no episode with the TheTVDB id 903\. TMDB knows no series with the TheTVDB id 76885\. TMDB has no series called “Cowboy Bebop”/,
    );
  });

  it('asks for review when one TVDB id names several series', async () => {
    const { s } = sources({ 76885: [show(1, 'Cowboy Bebop'), show(2, 'Cowboy Bebop')] });
    const result = await createMatcher(s).match({ mediaType: 'tv', tvdbId: 76885 });
    expect(result.state).toBe('review');
  });
});
