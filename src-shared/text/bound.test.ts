import { describe, expect, it } from 'vitest';
import { cutText, escapeMarkup, plainText } from './bound';

/** Strings of awkward pieces, from a fixed seed: the same ones on every run. */
function* awkwardTexts(count: number): Generator<string> {
  const pieces = [
    'a',
    'Zoë',
    ' ',
    '\n',
    '\t',
    '\u0000',
    '\u0085',
    '\u202e',
    '\u2067',
    '\u200f',
    '🎬',
    '👩‍👩‍👧‍👦',
    'e\u0301',
    '\ud800',
    '\udc00',
    '<b>',
    '&',
    '\u00a0',
    '…',
    '🇫🇷',
  ];
  let seed = 42;
  const next = (n: number): number => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return (seed >>> 8) % n;
  };
  for (let i = 0; i < count; i++)
    yield Array.from({ length: next(60) }, () => pieces[next(pieces.length)]).join('');
}

// eslint-disable-next-line no-control-regex
const HIDDEN_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f]/;

/** A high surrogate without its low half, or a low one without its high half. */
const hasLoneSurrogate = (s: string): boolean =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

describe('cutText', () => {
  it('keeps text that fits as it is', () => {
    expect(cutText('Rainy days', 10)).toBe('Rainy days');
    expect(cutText('', 10)).toBe('');
  });

  it('cuts long text to the limit with an ellipsis', () => {
    const cut = cutText('x'.repeat(10_000), 2000);
    expect(cut).toHaveLength(2000);
    expect(cut.endsWith('x…')).toBe(true);
  });

  it('never splits a surrogate pair, an emoji sequence or a letter from its accent', () => {
    // 🎬 is two code units: a cut at an odd length would leave half of one.
    expect(cutText('🎬'.repeat(10), 6)).toBe('🎬🎬…');
    const family = '👩‍👩‍👧‍👦'; // 11 code units joined by ZWJ: one character on screen
    expect(cutText(`ab${family}cd`, 10)).toBe('ab…');
    expect(cutText('e\u0301'.repeat(5), 4)).toBe('e\u0301…');
    // Right at the cut, after plain letters, and in long text with no plain letters at all.
    expect(cutText('aaaaaaaae\u0301bbbb', 10)).toBe('aaaaaaaa…');
    const cjk = cutText('日本🎬'.repeat(9_000), 25_000);
    expect(cjk.length).toBeLessThanOrEqual(25_000);
    expect(cjk.endsWith('🎬…') || cjk.endsWith('本…') || cjk.endsWith('日…')).toBe(true);
    expect(hasLoneSurrogate(cjk)).toBe(false);
  });

  it('stays within the limit, whole and idempotent for any text', () => {
    let max = 0;
    for (const text of awkwardTexts(2000)) {
      max = (max % 40) + 1;
      const cut = cutText(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      if (!hasLoneSurrogate(text)) expect(hasLoneSurrogate(cut)).toBe(false);
      expect(cutText(cut, max)).toBe(cut);
      if (text.length <= max) expect(cut).toBe(text);
      else expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    }
  });
});

describe('plainText', () => {
  it('turns a hostile episode name into one bounded, plain line', () => {
    const hostile =
      'Pilot\u202Egnp.exe\n\n<b>Click</b>\u0007\u0000\t\u2066x\u2069\u200F' + 'y'.repeat(10_000);
    const plain = plainText(hostile, 500);
    expect(plain).toHaveLength(500);
    expect(plain.startsWith('Pilotgnp.exe <b>Click</b> xy')).toBe(true);
    expect(HIDDEN_OR_BREAK.test(plain)).toBe(false);
  });

  it('collapses line breaks and runs of spaces and trims the ends', () => {
    expect(plainText('  One\r\n\r\nTwo\u2028three \u00a0 four  ', 100)).toBe('One Two three four');
    expect(plainText('\u202E\u202E', 100)).toBe('');
  });

  it('is idempotent, so text bounded once stays the same', () => {
    let max = 0;
    for (const text of awkwardTexts(2000)) {
      max = (max % 40) + 1;
      const plain = plainText(text, max);
      expect(plain.length).toBeLessThanOrEqual(max);
      expect(plainText(plain, max)).toBe(plain);
      expect(HIDDEN_OR_BREAK.test(plain)).toBe(false);
    }
  });
});

describe('escapeMarkup', () => {
  it('shows tags and entities as typed', () => {
    expect(escapeMarkup('<a href="x">Tom & Jerry</a> &lt;')).toBe(
      '&lt;a href="x"&gt;Tom &amp; Jerry&lt;/a&gt; &amp;lt;',
    );
  });
});
