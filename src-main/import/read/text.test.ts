import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../rows';
import { decodeText } from './text';

describe('decodeText', () => {
  it('reads UTF-8 and drops its byte-order mark', () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('Name,Year\nAmélie,2001'),
    ]);
    expect(decodeText(bytes, 'a.csv')).toEqual({ text: 'Name,Year\nAmélie,2001', notice: null });
  });

  it('reads UTF-16 files that carry a byte-order mark (spreadsheet "Unicode text")', () => {
    const text = 'Const,Title\ntt0211915,Amélie';
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) le[2 + i * 2] = text.charCodeAt(i);
    expect(decodeText(le, 'r.csv').text).toBe(text);
  });

  it('reads text that is not UTF-8 as Windows-1252 and says so', () => {
    // "Amélie" and a curly quote as a Windows spreadsheet saves them.
    const bytes = new Uint8Array([0x41, 0x6d, 0xe9, 0x6c, 0x69, 0x65, 0x20, 0x92]);
    const decoded = decodeText(bytes, 'ratings.csv');
    expect(decoded.text).toBe('Amélie \u2019');
    expect(decoded.notice).toMatch(/ratings\.csv is not UTF-8.*Windows-1252/);
  });

  it('refuses a binary file with a clear message', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(() => decodeText(png, 'poster.png')).toThrow(ImportFileError);
    expect(() => decodeText(png, 'poster.png')).toThrow(/poster\.png is not a text file/);
  });
});
