import { localDate } from '../tracking/dates';
import type { Play } from '../tracking/types';
import type { CaptureEvent } from './types';

/**
 * When a media server's announcement is a viewing, and when it is one already counted. Pure: the
 * clock, the time zone and what was counted before are passed in.
 */

/** The percent watched that counts when a server has no threshold of its own set. */
export const DEFAULT_THRESHOLD_PERCENT = 90;
/**
 * How long after a counted viewing the same item from the same account is the same viewing:
 * Plex's scrobble then stop, Jellyfin's stop per session user then UserDataSaved, Kodi's OnStop
 * then OnUpdate all arrive within minutes; a film watched again the same evening is rare.
 */
export const DEDUPE_WINDOW_MS = 6 * 60 * 60 * 1000;

export interface CountRules {
  thresholdPercent: number;
  /** Accounts whose plays count; an empty list counts none. */
  chosenAccounts: readonly string[];
}

export type Verdict =
  | { kind: 'watched' }
  | { kind: 'not-watched'; reason: string }
  | { kind: 'ignored'; reason: string };

/** Whether an announcement says a viewing happened, by the server's rule or the threshold. */
export function verdict(event: CaptureEvent, rules: CountRules): Verdict {
  if (!rules.chosenAccounts.includes(event.account))
    return { kind: 'ignored', reason: 'The account is not one whose plays count.' };
  if (event.kind === 'scrobble' || event.kind === 'played') return { kind: 'watched' };
  if (event.completed === true) return { kind: 'watched' };
  const threshold = (rules.thresholdPercent || DEFAULT_THRESHOLD_PERCENT) / 100;
  if (event.progress !== null && Number.isFinite(event.progress)) {
    if (event.progress >= threshold) return { kind: 'watched' };
    const percent = Math.floor(Math.max(0, event.progress) * 100);
    return { kind: 'not-watched', reason: `Stopped at ${String(percent)}%.` };
  }
  return { kind: 'not-watched', reason: 'Stopped before the end.' };
}

/** The last counted viewing of one (server, account, item). */
export interface Seen {
  countedAt: number;
  playUid: string | null;
}

/** The same viewing announced again: within the window of the one counted (either side). */
export function isRepeat(seen: Seen | null, at: number, windowMs = DEDUPE_WINDOW_MS): boolean {
  return seen !== null && Math.abs(at - seen.countedAt) < windowMs;
}

/**
 * A play the user marked by hand for the same film or episode on the same day (in their zone) is
 * this viewing: Marquee does not add a second one. With `by: 'anyone'` (a server's "last played"
 * read later, which may repeat what its webhook or a backfill already recorded), a play of that
 * day from any source is.
 */
export function sameDayPlay(
  plays: readonly Play[],
  at: number,
  timeZone: string,
  by: 'hand' | 'anyone' = 'hand',
): Play | null {
  const day = localDate(at, timeZone);
  return (
    plays.find(
      (p) =>
        (by === 'anyone' || p.source === 'marquee') &&
        p.watchedAt !== null &&
        localDate(p.watchedAt, timeZone) === day,
    ) ?? null
  );
}

/** A server's time may run ahead of this computer's: a viewing is never later than now. */
export const viewingTime = (at: number, now: number): number =>
  Number.isFinite(at) && at > 0 ? Math.min(at, now) : now;
