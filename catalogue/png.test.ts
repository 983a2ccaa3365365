import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng, pngSize, type Rgb } from './png';

/** The pixels back out of a PNG that encodePng wrote: one IDAT, every row filtered Up. */
function decode(png: Buffer, width: number, height: number): number[] {
  const length = png.readUInt32BE(33);
  expect(png.toString('ascii', 37, 41)).toBe('IDAT');
  const raw = inflateSync(png.subarray(41, 41 + length));
  const stride = width * 3 + 1;
  const out: number[] = [];
  const above = new Array<number>(stride - 1).fill(0);
  for (let y = 0; y < height; y += 1) {
    expect(raw[y * stride]).toBe(2);
    for (let i = 1; i < stride; i += 1) {
      const value = ((raw[y * stride + i] ?? 0) + (above[i - 1] ?? 0)) & 0xff;
      above[i - 1] = value;
      out.push(value);
    }
  }
  return out;
}

describe('encodePng', () => {
  it('writes pixels that decode back exactly', () => {
    const colour = (x: number, y: number): Rgb => [(x * 37) & 255, (y * 91) & 255, (x + y) & 255];
    const png = encodePng(7, 5, colour);
    expect(pngSize(png)).toEqual({ width: 7, height: 5 });
    const expected: number[] = [];
    for (let y = 0; y < 5; y += 1) for (let x = 0; x < 7; x += 1) expected.push(...colour(x, y));
    expect(decode(png, 7, 5)).toEqual(expected);
  });
});
