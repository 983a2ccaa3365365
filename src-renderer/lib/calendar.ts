/**
 * Calendar arithmetic on `YYYY-MM-DD` days, the form the core's calendar speaks. Days are
 * handled as UTC dates so that adding one never lands on a daylight-saving gap.
 */

const DAY_MS = 86_400_000;

export function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return formatDay(new Date(parseDay(day).getTime() + days * DAY_MS));
}

/** The user's local calendar day for a moment in time. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Start of a local calendar day, in ms since the epoch. */
export function startOfLocalDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime();
}

/** "Today", "Tomorrow", "Yesterday", a weekday within the week ahead, else "Mon 3 Mar". */
export function dayLabel(day: string, today: string): string {
  const diff = Math.round((parseDay(day).getTime() - parseDay(today).getTime()) / DAY_MS);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  const date = parseDay(day);
  if (diff > 1 && diff < 7)
    return date.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  return date.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** A month as `YYYY-MM`. */
export type Month = string;

export function monthOf(day: string): Month {
  return day.slice(0, 7);
}

export function addMonths(month: Month, months: number): Month {
  const [y, m] = month.split('-').map(Number);
  const index = (y ?? 1970) * 12 + ((m ?? 1) - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function monthLabel(month: Month): string {
  return parseDay(`${month}-01`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The weeks of a month grid, Monday first: each week is seven days, padded with the days of the
 * neighbouring months so every row is whole.
 */
export function monthWeeks(month: Month): string[][] {
  const first = `${month}-01`;
  // getUTCDay: 0 is Sunday; Monday-first means Sunday sits at the end.
  const lead = (parseDay(first).getUTCDay() + 6) % 7;
  let day = addDays(first, -lead);
  const weeks: string[][] = [];
  do {
    const week: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  } while (monthOf(day) === month);
  return weeks;
}
