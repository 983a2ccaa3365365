import { describe, expect, it } from 'vitest';
import { commonShape, shapeProblems } from './shape';

describe('response shape comparison', () => {
  it('keeps only keys every fixture has, and descends into first array items', () => {
    const shape = commonShape([
      { id: 1, name: 'a', results: [{ x: 1, y: 'b' }], old: true },
      { id: 2, name: 'b', results: [{ x: 2 }] },
    ]);
    expect(shapeProblems(shape, { id: 3, name: 'c', results: [{ x: 3 }] })).toEqual([]);
    expect(shapeProblems(shape, { id: 3, results: [{ x: '3' }] })).toEqual([
      '$.name: missing',
      '$.results[0].x: expected number, got string',
    ]);
  });

  it('treats a real null as compatible with anything, and a local null only where a fixture had one', () => {
    const shape = commonShape([
      { a: null, b: 'x', c: 'y' },
      { a: null, b: null, c: 'z' },
    ]);
    expect(shapeProblems(shape, { a: 5, b: null, c: 'w' })).toEqual([]);
    expect(shapeProblems(shape, { a: 5, b: 'v', c: null })).toEqual([
      '$.c: expected string, got null',
    ]);
  });
});
