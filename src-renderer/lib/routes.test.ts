import { describe, expect, it } from 'vitest';
import {
  defaultSectionOf,
  detailHref,
  hrefFor,
  navigationOf,
  parseHash as parseHashIn,
  reviewYearOf,
  yearReviewHref,
  type ParsedHash,
  type SectionRow,
} from './routes';

/** Rows as the section registry (src-renderer/sections.ts) writes them; sections.test.ts checks the registry itself. */
const sections: readonly SectionRow[] = [
  { id: 'browse', label: 'Browse' },
  { id: 'stats', label: 'Stats', pages: /^year\/\d{4}$/ },
  { id: 'settings', label: 'Settings' },
  { id: 'about', label: 'About', separated: true },
  { id: 'inbox', label: 'Inbox', icon: 'bell' },
];

const parseHash = (hash: string): ParsedHash => parseHashIn(hash, sections);

describe('parseHash', () => {
  it('reads every section from its own link', () => {
    for (const { id: section } of sections)
      expect(parseHash(hrefFor(section))).toEqual({ kind: 'section', section });
  });

  it('accepts a trailing slash', () => {
    expect(parseHash('#/settings/')).toEqual({ kind: 'section', section: 'settings' });
  });

  it('tells an unknown route from an in-page anchor', () => {
    expect(parseHash('#/nowhere')).toEqual({ kind: 'unknown-route' });
    expect(parseHash('#/Settings')).toEqual({ kind: 'unknown-route' });
    expect(parseHash('#/settings/extra')).toEqual({ kind: 'unknown-route' });
    expect(parseHash('#main')).toEqual({ kind: 'not-a-route' });
    expect(parseHash('')).toEqual({ kind: 'not-a-route' });
  });

  it('reads the page of a film, a series or a person', () => {
    expect(parseHash('#/movie/603')).toEqual({
      kind: 'detail',
      detail: { kind: 'movie', id: 603 },
    });
    expect(parseHash(detailHref({ kind: 'tv', id: 1399 }))).toEqual({
      kind: 'detail',
      detail: { kind: 'tv', id: 1399 },
    });
    expect(parseHash('#/person/287/')).toEqual({
      kind: 'detail',
      detail: { kind: 'person', id: 287 },
    });
    expect(parseHash('#/movie/0')).toEqual({ kind: 'unknown-route' });
    expect(parseHash('#/movie/abc')).toEqual({ kind: 'unknown-route' });
    expect(parseHash('#/collection/5')).toEqual({ kind: 'unknown-route' });
  });
});

describe('year in review routes', () => {
  it('reads `#/stats/year/2024` as the Stats section showing that year', () => {
    expect(parseHash(yearReviewHref(2024))).toEqual({
      kind: 'section',
      section: 'stats',
      page: 'year/2024',
    });
    expect(reviewYearOf('year/2024')).toBe(2024);
    expect(reviewYearOf(null)).toBeNull();
    expect(parseHash('#/stats/year/24')).toEqual({ kind: 'unknown-route' });
    expect(parseHash('#/stats/year/2024x')).toEqual({ kind: 'unknown-route' });
  });
});

describe('the navigation of a table of sections', () => {
  it('lists the sections in order, but the one shown as the bell beside the brand', () => {
    const navigation = navigationOf(sections);
    expect(navigation.listed.map((row) => row.id)).toEqual([
      'browse',
      'stats',
      'settings',
      'about',
    ]);
    expect(navigation.bell?.id).toBe('inbox');
  });

  it('opens on the first section', () => {
    expect(defaultSectionOf(sections)).toBe('browse');
    expect(() => defaultSectionOf([])).toThrow(/empty/);
  });
});
