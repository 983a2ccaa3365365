import { describe, expect, it } from 'vitest';
import { identicon, initials } from './identicon';

describe('identicon', () => {
  it('draws a symmetric pattern that differs between hashes', () => {
    const a = identicon('a9f3c0e1b2d4c6e8f0a1b3c5d7e9f1a2');
    const b = identicon('0123456789abcdef0123456789abcdef');
    expect(a?.cells.length).toBeGreaterThan(0);
    for (const [col, row] of a?.cells ?? []) expect(a?.cells).toContainEqual([4 - col, row]);
    expect(a?.cells).not.toEqual(b?.cells);
    expect(a?.color).toMatch(/^hsl\(\d+ 55% 45%\)$/);
  });

  it('refuses anything that is not a Gravatar hash', () => {
    expect(identicon('')).toBeNull();
    expect(identicon('https://example.org/a.png')).toBeNull();
  });
});

describe('initials', () => {
  it('takes the first and last word of the name, else the username', () => {
    expect(initials('Demo Viewer', 'marquee-demo')).toBe('DV');
    expect(initials('', 'marquee-demo')).toBe('MD');
    expect(initials('Ann', 'x')).toBe('A');
  });
});
