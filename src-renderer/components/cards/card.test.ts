import { describe, expect, it } from 'vitest';
import { cardOf, movieCard, personCard } from './card';

describe('cards', () => {
  it('shows a film with its year, rating and page', () => {
    expect(
      movieCard({
        id: 7,
        title: 'Arrival',
        release_date: '2016-11-10',
        vote_average: 7.56,
        vote_count: 10,
        poster_path: '/a.jpg',
      }),
    ).toEqual({
      kind: 'movie',
      id: 7,
      title: 'Arrival',
      subtitle: '2016',
      rating: '7.6',
      imagePath: '/a.jpg',
      href: '#/movie/7',
    });
  });

  it('tells series, people and collections apart by media_type', () => {
    expect(cardOf({ id: 1, media_type: 'tv', name: 'Dark', first_air_date: null }).kind).toBe('tv');
    expect(cardOf({ id: 2, media_type: 'person', name: 'Ann' }).href).toBe('#/person/2');
    const collection = cardOf({ id: 3, media_type: 'collection', title: 'The Saga' });
    expect(collection).toMatchObject({ kind: 'collection', title: 'The Saga', href: null });
  });

  it('handles a person with no image and no department (the newest person often has neither)', () => {
    expect(
      personCard({ id: 9, name: 'New Person', profile_path: null, known_for_department: null }),
    ).toMatchObject({
      imagePath: null,
      subtitle: null,
      rating: null,
    });
  });
});

describe('cards of messy TMDB data', () => {
  it('names a title TMDB sent without one', () => {
    expect(movieCard({ id: 1, title: '', original_title: '' }).title).toBe('Untitled film');
    expect(movieCard({ id: 1, title: '', original_title: 'Alien' }).title).toBe('Alien');
    expect(cardOf({ id: 2, media_type: 'tv', name: '  ' }).title).toBe('Untitled series');
    expect(personCard({ id: 3, name: '' }).title).toBe('Unnamed person');
  });
});
