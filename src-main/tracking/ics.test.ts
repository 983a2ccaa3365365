import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, toIcsEvent, writeIcs, type IcsEvent } from './ics';
import type { CalendarEvent } from './types';

const NOW = Date.UTC(2025, 2, 10, 12, 30, 5);

interface Parsed {
  uid: string;
  summary: string;
  description: string;
  start: string;
  end: string;
  allDay: boolean;
  url: unknown;
  categories: unknown[];
}

/** Reads the file back with ical.js, a parser that knows RFC 5545 well. */
function parse(text: string): { name: unknown; events: Parsed[] } {
  const jcal: unknown[] = ICAL.parse(text) as unknown[];
  const calendar = new ICAL.Component(jcal);
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        summary: e.summary,
        description: e.description,
        start: e.startDate.toString(),
        end: e.endDate.toString(),
        allDay: e.startDate.isDate,
        url: v.getFirstPropertyValue('url'),
        categories: v.getFirstProperty('categories')?.getValues() ?? [],
      };
    }),
  };
}

const tricky: IcsEvent = {
  uid: 'episode-1399-1-1@marquee',
  date: '2025-12-31',
  summary: 'Séries, “quoted”; back\\slash — 日本語のタイトル 🎬',
  description: `Line one\nLine two, with; punctuation\r\n${'Ünïcödé text that is long enough to fold several times over. '.repeat(6)}🎬🎬🎬`,
  url: 'https://www.themoviedb.org/tv/1399/season/1/episode/1',
  categories: ['Episode', 'A, B'],
};

describe('.ics export', () => {
  it('round-trips text with commas, semicolons, backslashes, line breaks and emoji', () => {
    const { name, events } = parse(writeIcs([tricky], { now: NOW, name: 'Marquee' }));
    expect(name).toBe('Marquee');
    expect(events).toEqual([
      {
        uid: tricky.uid,
        summary: tricky.summary,
        description: (tricky.description ?? '').replace(/\r\n/g, '\n'),
        start: '2025-12-31',
        end: '2026-01-01',
        allDay: true,
        url: tricky.url,
        categories: ['Episode', 'A, B'],
      },
    ]);
  });

  it('writes CRLF lines of at most 75 octets, folded between characters', () => {
    const text = writeIcs([tricky], { now: NOW, name: 'Marquee' });
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((l) => !l.includes('\n') && !l.includes('\r'))).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    // No line ends inside a multi-byte character: each decodes cleanly on its own.
    for (const line of lines) expect(line).not.toMatch(/\uFFFD/);
    expect(text).toContain('DTSTAMP:20250310T123005Z');
    expect(text).toContain('DTSTART;VALUE=DATE:20251231');
  });

  it('folds before a character that would cross the limit, and unfolds to the same line', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`; // 8 + 120 octets
    const folded = foldLine(line).split('\r\n');
    // 8 + 33 × 2 = 74: a 34th "é" would make 76.
    expect(folded.map((l) => Buffer.byteLength(l, 'utf8'))).toEqual([74, 55]);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(line);
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(
      foldLine('X'.repeat(76))
        .split('\r\n')
        .map((l) => l.length),
    ).toEqual([75, 2]);
    expect(escapeText('a,b;c\\d\ne\u0007')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('derives stable UIDs from what the event is, so a new export updates the old one', () => {
    const episode: CalendarEvent = {
      kind: 'episode',
      date: '2025-03-12',
      seriesId: 1399,
      seriesName: 'Dragons',
      posterPath: null,
      season: 2,
      episode: 5,
      name: 'The Hunt',
      stillPath: null,
      watched: false,
    };
    const moved = { ...episode, date: '2025-03-19', name: 'The Long Hunt' };
    const film: CalendarEvent = {
      kind: 'release',
      date: '2025-05-02',
      movieId: 77,
      title: 'Premiere Night',
      posterPath: null,
      region: 'US',
      releaseType: 4,
      release: 'digital',
      note: '',
    };
    expect(toIcsEvent(episode).uid).toBe(toIcsEvent(moved).uid);
    expect(toIcsEvent(episode, 'Things happen.')).toMatchObject({
      uid: 'episode-1399-2-5@marquee',
      summary: 'Dragons S02E05: The Hunt',
      description: 'Things happen.',
    });
    expect(toIcsEvent(film)).toMatchObject({
      uid: 'release-77-US-4@marquee',
      summary: 'Premiere Night (digital release, US)',
    });
    const { events } = parse(
      writeIcs([toIcsEvent(moved), toIcsEvent(film)], { now: NOW, name: 'Marquee' }),
    );
    expect(events.map((e) => [e.uid, e.start, e.allDay])).toEqual([
      ['episode-1399-2-5@marquee', '2025-03-19', true],
      ['release-77-US-4@marquee', '2025-05-02', true],
    ]);
  });

  it('writes a calendar of many events that a real parser reads whole, lines within the rules', () => {
    // Titles as TMDB may send them: bare CRs and LFs, formula-like text, long non-ASCII text.
    const events: IcsEvent[] = Array.from({ length: 19 }, (_, i) => ({
      uid: `episode-${1000 + i}-1-${i + 1}@marquee`,
      date: `2025-04-${String(i + 1).padStart(2, '0')}`,
      summary: [`=HYPERLINK("x")\r${i}`, `Ça\nva ${'日本語'.repeat(20)}`, `+cmd ${i}`][i % 3] ?? '',
      description: `Line\r\nbreak\rbare CR\nbare LF ${'é'.repeat(i * 5)}`,
    }));
    const text = writeIcs(events, { now: NOW, name: 'Marquee' });
    const read = parse(text);
    expect(read.events).toHaveLength(19);
    expect(new Set(read.events.map((e) => e.uid)).size).toBe(19);
    expect(read.events[0]?.summary).toBe('=HYPERLINK("x")\n0');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    // No CR or LF outside a CRLF pair, and no line over 75 octets.
    expect(lines.filter((l) => l.includes('\r') || l.includes('\n'))).toEqual([]);
    expect(lines.filter((l) => Buffer.byteLength(l, 'utf8') > 75)).toEqual([]);
  });

  it('writes an empty calendar that still parses', () => {
    expect(parse(writeIcs([], { now: NOW, name: 'Marquee' })).events).toEqual([]);
  });
});
