import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngest } from './ingest';
import { createIndexLetters } from './search-letters';
import { tempCache } from '../testing/temp-cache';

describe('the letters that can follow a word being typed', () => {
  let env: Awaited<ReturnType<typeof tempCache>>;
  let letters: ReturnType<typeof createIndexLetters>;
  beforeEach(async () => {
    env = await tempCache();
    const ingest = createIngest(env.db, () => 1);
    ingest({
      results: [
        { media_type: 'movie', id: 1, title: 'Silent Harbor', popularity: 5 },
        { media_type: 'movie', id: 2, title: 'Silver Linings', popularity: 4 },
        { media_type: 'movie', id: 3, title: 'Silk Road', original_title: 'Éclair', popularity: 3 },
        { media_type: 'movie', id: 4, title: 'Sil', popularity: 2 },
        { media_type: 'movie', id: 5, title: '2046', popularity: 1 },
      ],
    });
    ingest({ id: 9, name: 'Zoë Kravitz', popularity: 3 }, { mediaType: 'person' });
    letters = createIndexLetters(env.db);
  });
  afterEach(() => {
    env.cleanup();
  });

  it('lists each letter once, from the index’s words, in order', () => {
    expect(letters('sil')).toEqual(['e', 'k', 'v']);
    expect(letters('silen')).toEqual(['t']);
    expect(letters('s')).toEqual(['i']);
  });

  it('given nothing, lists the first letters of every word, original titles and people included', () => {
    expect(letters('')).toEqual(['2', 'e', 'h', 'k', 'l', 'r', 's', 'z']);
  });

  it('holds words as the index does: lower case, without diacritics', () => {
    expect(letters('zo')).toEqual(['e']);
    expect(letters('ecl')).toEqual(['a']);
    expect(letters('Sil')).toEqual([]);
  });

  it('has nothing after a whole word or a word the index does not hold', () => {
    expect(letters('silent')).toEqual([]);
    expect(letters('qu')).toEqual([]);
  });

  it('sees titles written after it was made', () => {
    createIngest(
      env.db,
      () => 2,
    )({
      results: [{ media_type: 'movie', id: 6, title: 'Silo', popularity: 1 }],
    });
    expect(letters('sil')).toEqual(['e', 'k', 'o', 'v']);
  });

  it('turns the look-ahead off, and says so in the log, when the index cannot be read', () => {
    const warnings: string[] = [];
    const log = { warn: (event: string) => void warnings.push(event) };
    const broken = createIndexLetters(env.db, log);
    env.db.exec('DROP TABLE search_fts');
    expect(broken('sil')).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});
