import { describe, expect, it } from 'vitest';
import type { Play } from '../tracking/types';
import { DEDUPE_WINDOW_MS, isRepeat, sameDayPlay, verdict, viewingTime } from './count';
import { EVENING, HOUR, MINUTE, filmStop, jellyfinStop } from './testing/events';

const rules = { thresholdPercent: 90, chosenAccounts: ['alice-id', '19084402'] };

const play = (over: Partial<Play>): Play => ({
  uid: 'p1',
  mediaType: 'movie',
  mediaId: 550,
  season: null,
  episode: null,
  watchedAt: EVENING,
  source: 'marquee',
  createdAt: EVENING,
  ...over,
});

describe('verdict: when an announcement is a viewing', () => {
  it('counts what the server says was completed, whatever the progress', () => {
    expect(verdict(jellyfinStop({ progress: 0.5, completed: true }), rules)).toEqual({
      kind: 'watched',
    });
  });

  it('counts a scrobble and a library "played" mark', () => {
    expect(verdict(filmStop({ kind: 'scrobble', progress: null }), rules).kind).toBe('watched');
    expect(
      verdict(jellyfinStop({ kind: 'played', progress: null, completed: null }), rules).kind,
    ).toBe('watched');
  });

  it.each([
    [0.3, 'not-watched'],
    [0.89, 'not-watched'],
    [0.9, 'watched'],
    [0.91, 'watched'],
  ])('a film paused then stopped at %s is %s', (progress, kind) => {
    expect(verdict(filmStop({ progress, completed: false }), rules).kind).toBe(kind);
  });

  it('says how far a viewing that does not count went', () => {
    expect(verdict(filmStop({ progress: 0.3, completed: false }), rules)).toEqual({
      kind: 'not-watched',
      reason: 'Stopped at 30%.',
    });
  });

  it('follows the server’s own threshold', () => {
    const strict = { ...rules, thresholdPercent: 95 };
    expect(verdict(filmStop({ progress: 0.93 }), strict).kind).toBe('not-watched');
    expect(verdict(filmStop({ progress: 0.96 }), strict).kind).toBe('watched');
    expect(verdict(filmStop({ progress: 0.91 }), { ...rules, thresholdPercent: 0 }).kind).toBe(
      'watched',
    );
  });

  it('does not count a stop with neither progress nor completion', () => {
    expect(verdict(filmStop({ progress: null, completed: null }), rules).kind).toBe('not-watched');
  });

  it('ignores accounts that were not chosen, even for a completed viewing', () => {
    expect(verdict(jellyfinStop({ account: 'bob-id' }), rules).kind).toBe('ignored');
    expect(verdict(jellyfinStop(), { ...rules, chosenAccounts: [] }).kind).toBe('ignored');
  });
});

describe('isRepeat: one viewing announced several times', () => {
  const seen = { countedAt: EVENING, playUid: 'p1' };

  it('is the same viewing within the window, before or after the counted one', () => {
    expect(isRepeat(seen, EVENING + 2 * MINUTE)).toBe(true);
    expect(isRepeat(seen, EVENING - MINUTE)).toBe(true);
    expect(isRepeat(seen, EVENING + DEDUPE_WINDOW_MS - 1)).toBe(true);
  });

  it('is a new viewing later on, or when nothing was counted', () => {
    expect(isRepeat(seen, EVENING + DEDUPE_WINDOW_MS)).toBe(false);
    expect(isRepeat(seen, EVENING + 24 * HOUR)).toBe(false);
    expect(isRepeat(null, EVENING)).toBe(false);
  });
});

describe('sameDayPlay: a play already marked by hand', () => {
  it('is the same play on the same local day', () => {
    const morning = Date.UTC(2026, 7, 1, 7, 0);
    const found = sameDayPlay([play({ watchedAt: morning })], EVENING, 'Europe/Paris');
    expect(found?.uid).toBe('p1');
  });

  it('is another day in the user’s zone even when the UTC day is the same', () => {
    // 14:00 UTC is 23:00 on 1 August in Tokyo, and 20:14 UTC is already 2 August there.
    const late = Date.UTC(2026, 7, 1, 14, 0);
    expect(sameDayPlay([play({ watchedAt: late })], EVENING, 'Asia/Tokyo')).toBeNull();
    expect(sameDayPlay([play({ watchedAt: late })], EVENING, 'Europe/Paris')).not.toBeNull();
  });

  it('is not a play of another day, an undated play, or a captured or imported one', () => {
    const tz = 'Europe/Paris';
    expect(sameDayPlay([play({ watchedAt: EVENING - 24 * HOUR })], EVENING, tz)).toBeNull();
    expect(sameDayPlay([play({ watchedAt: null })], EVENING, tz)).toBeNull();
    expect(sameDayPlay([play({ source: 'plex' })], EVENING, tz)).toBeNull();
    expect(sameDayPlay([play({ source: 'letterboxd' })], EVENING, tz)).toBeNull();
  });
});

describe('viewingTime', () => {
  it('keeps a past time and brings a future one back to now', () => {
    expect(viewingTime(EVENING - HOUR, EVENING)).toBe(EVENING - HOUR);
    expect(viewingTime(EVENING + HOUR, EVENING)).toBe(EVENING);
    expect(viewingTime(Number.NaN, EVENING)).toBe(EVENING);
  });
});
