/**
 * Dates as exports write them. A day without a time becomes noon UTC of that day, so it stays on
 * the same calendar day in every time zone from UTC−11 to UTC+11.
 */
export type DateResult = { ok: true; at: number | null } | { ok: false; message: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MIN_YEAR = 1870;
const MAX_YEAR = 2200;

const DAY = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2}|UTC)?$/i;
/** Old IMDb exports: `Sat Mar 22 00:00:00 2014`. */
const C_TIME = /^[a-z]{3} ([a-z]{3}) {1,2}(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/i;
/** `15 Jan 2024`, `15 January 2024`. */
const DAY_MONTH_YEAR = /^(\d{1,2}) ([a-z]{3})[a-z]*\.? (\d{4})$/i;
/** `Jan 15, 2024`, `January 15 2024`. */
const MONTH_DAY_YEAR = /^([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/i;
const SLASHED = /^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDay(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (MONTH_DAYS[month - 1] ?? 31) + (leap ? 1 : 0);
}

function dayAt(year: number, month: number, day: number, text: string): DateResult {
  if (!validDay(year, month, day)) return { ok: false, message: `"${text}" is not a real date` };
  return { ok: true, at: Date.UTC(year, month - 1, day, 12) };
}

function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/**
 * Recent answers by text: an export repeats the same few hundred days over thousands of rows, so
 * most rows are a map read. Bounded, so a file of all-different dates cannot grow it.
 */
const recent = new Map<string, DateResult>();
const RECENT_MAX = 4096;

/** Reads a date; an empty field is `null` (no date), anything unreadable is a clear message. */
export function parseDate(raw: string | undefined): DateResult {
  const key = raw ?? '';
  const known = recent.get(key);
  if (known) return known;
  const result = readDate(key.trim());
  if (recent.size >= RECENT_MAX) recent.clear();
  recent.set(key, result);
  return result;
}

function readDate(text: string): DateResult {
  if (text === '') return { ok: true, at: null };
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  let m = DAY.exec(text);
  if (m) return dayAt(Number(m[1]), Number(m[2]), Number(m[3]), shown);
  m = DATE_TIME.exec(text);
  if (m) {
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!validDay(year, month, day)) return { ok: false, message: `"${shown}" is not a real date` };
    const zone = m[8] === undefined || m[8].toUpperCase() === 'UTC' ? 'Z' : m[8];
    const iso = `${m[1] ?? ''}-${m[2] ?? ''}-${m[3] ?? ''}T${m[4] ?? ''}:${m[5] ?? ''}:${m[6] ?? '00'}${
      m[7] === undefined ? '' : `.${m[7].slice(0, 3)}`
    }${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`;
    const at = Date.parse(iso);
    return Number.isFinite(at)
      ? { ok: true, at }
      : { ok: false, message: `"${shown}" is not a real date` };
  }
  m = C_TIME.exec(text);
  if (m) {
    const month = monthOf(m[1] ?? '');
    const [day, year] = [Number(m[2]), Number(m[6])];
    if (month === 0 || !validDay(year, month, day))
      return { ok: false, message: `"${shown}" is not a real date` };
    return { ok: true, at: Date.UTC(year, month - 1, day, 12) };
  }
  m = DAY_MONTH_YEAR.exec(text);
  if (m && monthOf(m[2] ?? '') > 0)
    return dayAt(Number(m[3]), monthOf(m[2] ?? ''), Number(m[1]), shown);
  m = MONTH_DAY_YEAR.exec(text);
  if (m && monthOf(m[1] ?? '') > 0)
    return dayAt(Number(m[3]), monthOf(m[1] ?? ''), Number(m[2]), shown);
  if (SLASHED.test(text))
    return {
      ok: false,
      message: `the date "${shown}" could be day/month or month/day: write it as YYYY-MM-DD`,
    };
  return { ok: false, message: `"${shown}" is not a date Marquee can read (use YYYY-MM-DD)` };
}

/** Reads a Trakt-style ISO timestamp (or null). */
export function parseTimestamp(value: unknown): DateResult {
  if (value === null || value === undefined) return { ok: true, at: null };
  if (typeof value !== 'string') return { ok: false, message: 'the date is not text' };
  return parseDate(value);
}
