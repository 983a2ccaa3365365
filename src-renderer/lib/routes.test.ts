import { describe, expect, it } from 'vitest';
import { hrefFor, parseHash, sections } from './routes';

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
});
