import { describe, expect, it } from 'vitest';
import type { PlayView } from '../../src-shared/ipc/contract';
import { emptyBook, lookupTitle, titleRequest, withFailed, withTitles } from './play-titles';

const film = (uid: string, id: number): PlayView => ({
  uid,
  mediaType: 'movie',
  mediaId: id,
  season: null,
  episode: null,
  watchedAt: 0,
  source: 'marquee',
  createdAt: 0,
});
const episode = (uid: string, id: number, season: number, number: number): PlayView => ({
  ...film(uid, id),
  mediaType: 'episode',
  season,
  episode: number,
});

describe('the titles of a page of plays', () => {
  const page = [film('a', 1), film('b', 1), episode('c', 9, 1, 1), episode('d', 9, 1, 2)];

  it('asks once per title and episode, and only for what is not known', () => {
    const request = titleRequest(page, emptyBook, false);
    expect(request).toEqual({
      movieIds: [1],
      seriesIds: [9],
      episodes: [
        { seriesId: 9, season: 1, episode: 1 },
        { seriesId: 9, season: 1, episode: 2 },
      ],
    });
    const book = withTitles(
      emptyBook,
      {
        titles: [
          { mediaType: 'movie', id: 1, title: 'Arrival', posterPath: null, gone: false },
          { mediaType: 'tv', id: 9, title: 'Dark', posterPath: '/d.jpg', gone: false },
        ],
        episodes: [{ seriesId: 9, season: 1, episode: 1, name: 'Secrets', stillPath: null }],
      },
      false,
    );
    expect(titleRequest(page, book, false)).toEqual({
      movieIds: [],
      seriesIds: [],
      episodes: [{ seriesId: 9, season: 1, episode: 2 }],
    });
    expect(titleRequest(page.slice(0, 3), book, false)).toBeNull();
    expect(titleRequest(page.slice(0, 3), book, true)?.movieIds).toEqual([1]);
    expect(lookupTitle(book, page[2] as PlayView)).toMatchObject({
      state: 'known',
      title: { title: 'Dark' },
      episode: { name: 'Secrets' },
    });
    expect(lookupTitle(book, page[3] as PlayView)).toMatchObject({ state: 'known', episode: null });
  });

  it('marks a failed lookup so the row says so, until a later reply knows the title', () => {
    const request = titleRequest([film('a', 5)], emptyBook, false);
    if (request === null) throw new Error('expected a request');
    const failed = withFailed(emptyBook, request);
    expect(lookupTitle(failed, film('a', 5))).toEqual({ state: 'failed' });
    expect(lookupTitle(failed, film('z', 6))).toEqual({ state: 'pending' });
    const known = withTitles(
      failed,
      {
        titles: [{ mediaType: 'movie', id: 5, title: null, posterPath: null, gone: true }],
        episodes: [],
      },
      false,
    );
    expect(lookupTitle(known, film('a', 5))).toMatchObject({
      state: 'known',
      title: { gone: true },
    });
  });
});
