import { describe, expect, it } from 'vitest';
import { onMyServices, type AvailabilityAnswer } from './availability';

const netflix = { id: 8, name: 'Netflix', logoPath: '/n.png' };
const mubi = { id: 11, name: 'MUBI', logoPath: null };

describe('the "On my services" filter', () => {
  it('keeps the titles one of my services streams, in order, and counts the unknown', () => {
    const titles = [1, 2, 3, 4, 5].map((id) => ({
      mediaType: id === 3 ? 'tv' : 'movie',
      id,
    })) as Array<{ mediaType: 'movie' | 'tv'; id: number }>;
    const answer: AvailabilityAnswer = {
      region: 'GB',
      items: [
        { mediaType: 'movie', id: 1, known: true, services: [mubi, netflix] },
        { mediaType: 'movie', id: 2, known: true, services: [] },
        { mediaType: 'tv', id: 3, known: true, services: [netflix] },
        { mediaType: 'movie', id: 4, known: false, services: [] },
        // A film and a series share an id: only the right kind counts.
        { mediaType: 'tv', id: 5, known: true, services: [netflix] },
      ],
    };
    const result = onMyServices(titles, answer);
    expect(result.items.map((t) => t.id)).toEqual([1, 3]);
    expect(result.where.get('movie:1')).toEqual(mubi);
    expect(result.where.get('tv:3')).toEqual(netflix);
    expect(result.unknown).toBe(2);
  });

  it('keeps nothing when the answer is empty', () => {
    const result = onMyServices([{ mediaType: 'movie' as const, id: 1 }], {
      region: 'US',
      items: [],
    });
    expect(result).toMatchObject({ items: [], unknown: 1 });
  });
});
