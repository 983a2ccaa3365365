import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeBridge, ok, settle } from './testing/fake-bridge';
import { changed, episodeEvent } from './testing/tracking-fixtures';
import { CalendarState } from './tracking-calendar.svelte';

afterEach(() => {
  vi.unstubAllGlobals();
});

function calendarWith(events: ReturnType<typeof episodeEvent>[]): FakeBridge {
  const bridge = new FakeBridge({
    'tracking.calendar': () => ok({ window: { from: '2026-11-15', to: '2027-02-20' }, events }),
    'tracking.exportIcs': () => ok({ filename: 'marquee.ics', text: 'BEGIN:VCALENDAR' }),
  });
  vi.stubGlobal('window', { api: bridge });
  return bridge;
}

describe('CalendarState', () => {
  it('reads today from the core’s window and groups the agenda by day from today on', async () => {
    calendarWith([
      episodeEvent('2026-11-23', 2, 1),
      episodeEvent('2026-11-20', 1, 4),
      episodeEvent('2026-11-22', 1, 5),
      episodeEvent('2026-11-23', 3, 7),
    ]);
    const state = new CalendarState();
    await state.load();
    expect(state.today).toBe('2026-11-22');
    expect(state.agenda.map((d) => [d.label, d.events.length])).toEqual([
      ['Today', 1],
      ['Tomorrow', 2],
    ]);
    // The past days of the window stay in the month grid.
    expect(state.byDay.get('2026-11-20')).toHaveLength(1);
    expect(state.recent.map((d) => d.date)).toEqual(['2026-11-20']);
  });

  it('moves the month grid only within the window', async () => {
    calendarWith([]);
    const state = new CalendarState();
    await state.load();
    expect(state.month).toBe('2026-11');
    state.moveMonth(-1);
    expect(state.month).toBe('2026-11');
    state.moveMonth(3);
    expect(state.month).toBe('2027-02');
    state.moveMonth(1);
    expect(state.month).toBe('2027-02');
  });

  it('exports the window as an iCalendar file', async () => {
    calendarWith([]);
    const state = new CalendarState();
    expect(await state.exportIcs()).toEqual({ filename: 'marquee.ics', text: 'BEGIN:VCALENDAR' });
    expect(state.exporting).toBe(false);
  });

  it('reloads once for a burst of changes, and for a refresh', async () => {
    const bridge = calendarWith([]);
    const state = new CalendarState();
    const stop = state.start(bridge);
    await state.load();
    for (let i = 0; i < 1000; i += 1)
      bridge.emit('tracking.changed', changed([`import-${i}`], { seriesIds: [i] }));
    await settle();
    expect(bridge.channels().filter((c) => c === 'tracking.calendar')).toHaveLength(2);
    bridge.emit('tracking.changed', changed([]));
    await settle();
    expect(bridge.channels().filter((c) => c === 'tracking.calendar')).toHaveLength(3);
    stop();
  });
});
