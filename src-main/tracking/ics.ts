import { addDays } from './dates';
import type { CalendarEvent } from './types';

/**
 * A small iCalendar (RFC 5545) writer for the calendar export. Only what the export needs: all-day
 * events with text fields. Written here rather than taken from a library because it is ~100 lines
 * whose every rule (escaping §3.3.11, folding §3.1, DATE values §3.3.4) is checked by parsing the
 * output back with ical.js in the tests.
 */

export interface IcsEvent {
  /** Stable for the same episode or release, so re-importing updates the event. */
  uid: string;
  /** All-day: `YYYY-MM-DD`. */
  date: string;
  summary: string;
  description?: string;
  url?: string;
  categories?: string[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT escaping: backslash, semicolon, comma and line breaks; other controls are dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n')
    .split('')
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('');
}

/**
 * Folds a content line at 75 octets (UTF-8), never inside a character: continuation lines start
 * with one space, which counts towards their 75.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const basicDate = (date: string): string => date.replace(/-/g, '');

function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function writeIcs(
  events: readonly IcsEvent[],
  options: { now: number; name: string },
): string {
  const stamp = utcStamp(options.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Marquee//Watch calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
      // DTEND is exclusive: an all-day event on one date ends the next day.
      `DTEND;VALUE=DATE:${basicDate(addDays(event.date, 1))}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.categories && event.categories.length > 0)
      lines.push(`CATEGORIES:${event.categories.map(escapeText).join(',')}`);
    // All-day entries should not show the user as busy.
    lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

const TMDB_SITE = 'https://www.themoviedb.org';
const two = (n: number): string => String(n).padStart(2, '0');

/** The export's event for one calendar entry; the UID names the episode or the film's release. */
export function toIcsEvent(event: CalendarEvent, overview = ''): IcsEvent {
  if (event.kind === 'episode') {
    const code = `S${two(event.season)}E${two(event.episode)}`;
    const series = event.seriesName ?? `Series ${event.seriesId}`;
    return {
      uid: `episode-${event.seriesId}-${event.season}-${event.episode}@marquee`,
      date: event.date,
      summary: event.name ? `${series} ${code}: ${event.name}` : `${series} ${code}`,
      description: overview,
      url: `${TMDB_SITE}/tv/${event.seriesId}/season/${event.season}/episode/${event.episode}`,
      categories: ['Episode'],
    };
  }
  const title = event.title ?? `Film ${event.movieId}`;
  return {
    uid: `release-${event.movieId}-${event.region}-${event.releaseType}@marquee`,
    date: event.date,
    summary: `${title} (${RELEASE_WORDS[event.release]}, ${event.region})`,
    description: event.note,
    url: `${TMDB_SITE}/movie/${event.movieId}`,
    categories: ['Release'],
  };
}

const RELEASE_WORDS = {
  premiere: 'premiere',
  limited: 'limited theatrical release',
  theatrical: 'in theatres',
  digital: 'digital release',
  physical: 'physical release',
  tv: 'on TV',
} as const;
