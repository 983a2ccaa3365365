import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempProfile, type Profile } from '../import/testing/profile';

/*
 * A title's state says whether a change to it is still waiting to reach TMDB: its watchlist,
 * favourite or rating, or (a film) its place in any list. It is read by index, so thousands of
 * queued changes (a restore, a week offline) cost each title's state nothing more.
 */
describe('a title’s state: waiting to be sent', () => {
  let p: Profile;
  beforeEach(() => {
    p = tempProfile(Date.UTC(2026, 0, 15, 12));
  });
  afterEach(() => {
    p.close();
  });
  const film = (mediaId: number) => ({ mediaType: 'movie' as const, mediaId });

  it('is pending for the title changed, and only for it', () => {
    expect(p.library.state(film(5)).pending).toBe(false);
    p.library.setWatchlist({ ...film(5), on: true });
    p.library.setFavorite({ mediaType: 'tv', mediaId: 5, on: true });
    expect(p.library.state(film(5))).toMatchObject({ watchlist: true, pending: true });
    expect(p.library.state({ mediaType: 'tv', mediaId: 5 })).toMatchObject({ pending: true });
    expect(p.library.state(film(6)).pending).toBe(false);
    p.library.rate({
      target: { mediaType: 'episode', mediaId: 9, season: 1, episode: 2 },
      value: 8,
    });
    expect(
      p.library.state({ mediaType: 'episode', mediaId: 9, season: 1, episode: 2 }).pending,
    ).toBe(true);
    expect(
      p.library.state({ mediaType: 'episode', mediaId: 9, season: 1, episode: 3 }).pending,
    ).toBe(false);
  });

  it('is pending for a film added to a list, not for a film whose id ends the same', () => {
    const { list } = p.library.createList({ name: 'Noir', description: '' });
    p.library.addToList({ listId: list.id, movieId: 7 });
    expect(p.library.state(film(7))).toMatchObject({ pending: true });
    expect(p.library.state(film(17)).pending).toBe(false);
    expect(p.library.state(film(70)).pending).toBe(false);
  });

  it('answers the same with thousands of changes queued', () => {
    for (let id = 1000; id < 4000; id++) p.library.setWatchlist({ ...film(id), on: true });
    expect(p.library.state(film(3999)).pending).toBe(true);
    expect(p.library.state(film(4000)).pending).toBe(false);
  });
});
