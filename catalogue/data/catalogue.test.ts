import { describe, expect, it } from 'vitest';
import { Catalogue } from './catalogue';
import { countries } from './countries';
import { movieGenres, tvGenres } from './genres';
import { departments } from './jobs';
import { movieSummary } from './summaries';
import { castOf } from './credits';

const make = (seed: number, titles = 500): Catalogue =>
  new Catalogue({ titles, seed, imageBase: 'http://127.0.0.1:1/t/p' });

describe('generated catalogue', () => {
  it('gives the same films, people and credits for the same seed', () => {
    const a = make(7);
    const b = make(7);
    const core = a.movies[42];
    const same = b.movies[42];
    expect(core && same).toBeTruthy();
    if (!core || !same) return;
    expect(movieSummary(a, core, 'en', false)).toEqual(movieSummary(b, same, 'en', false));
    expect(castOf(a, core).map((c) => c.person.name)).toEqual(
      castOf(b, same).map((c) => c.person.name),
    );
    expect(a.people.map((p) => p.name)).toEqual(b.people.map((p) => p.name));
  });

  it('gives a different catalogue for another seed', () => {
    const titles = (c: Catalogue): string[] => c.movies.slice(0, 50).map((m) => m.title);
    expect(titles(make(1))).not.toEqual(titles(make(2)));
  });

  it('splits the size between films and series and keeps ids resolvable', () => {
    const c = make(3, 3000);
    expect(c.movies.length + c.tv.length).toBe(3000);
    expect(c.tv.length).toBeGreaterThan(500);
    const m = c.movies[1234];
    expect(m && c.movieById(m.id)).toBe(m);
    expect(c.movieById(101)).toBeUndefined();
    expect(c.collections.length).toBeGreaterThan(10);
  });

  it('includes titles with diacritics and a few non-English originals', () => {
    const c = make(1, 3000);
    expect(c.movies.some((m) => /[éëèüöøáíñ]/i.test(m.title))).toBe(true);
    const languages = new Set(c.movies.map((m) => m.originalLanguage));
    expect([...languages]).toEqual(expect.arrayContaining(['en', 'fr', 'de', 'es', 'ja']));
  });

  it('generates a 100,000-title catalogue', () => {
    const c = make(1, 100_000);
    expect(c.movies.length + c.tv.length).toBe(100_000);
    const last = c.tv[c.tv.length - 1];
    expect(last && c.tvById(last.id)).toBe(last);
  });

  it('refuses a size it cannot serve', () => {
    expect(() => make(1, 3)).toThrow(/titles/);
  });
});

describe('reference data', () => {
  it('lists at least 60 real countries with English and native names', () => {
    expect(countries.length).toBeGreaterThanOrEqual(60);
    expect(countries.find((c) => c.iso_3166_1 === 'DE')).toEqual({
      iso_3166_1: 'DE',
      english_name: 'Germany',
      native_name: 'Deutschland',
    });
    expect(new Set(countries.map((c) => c.iso_3166_1)).size).toBe(countries.length);
  });

  it("uses TMDB's genre ids", () => {
    expect(movieGenres.find((g) => g[0] === 878)?.[1]).toBe('Science Fiction');
    expect(tvGenres.find((g) => g[0] === 10765)?.[1]).toBe('Sci-Fi & Fantasy');
  });

  it("covers the seed's departments", () => {
    const names = departments.map((d) => d.department);
    for (const name of [
      'Production',
      'Costume & Make-Up',
      'Camera',
      'Visual Effects',
      'Art',
      'Directing',
      'Actors',
      'Lighting',
      'Crew',
      'Editing',
    ]) {
      expect(names).toContain(name);
    }
  });
});
