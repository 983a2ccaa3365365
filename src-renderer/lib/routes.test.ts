import { describe, expect, it } from 'vitest';
import { detailHref, hrefFor, parseHash, sections } from './routes';

describe('parseHash', () => {
  it('reads every section from its own link', () => {
    for (const section of sections)
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
