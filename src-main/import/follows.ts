import type { MatchCandidate } from '../../src-shared/ipc/contract/import';
import { CodedError } from '../../src-shared/ipc/errors';
import type { Tracking } from '../tracking/tracking';
import type { ImportRow } from './rows';

/**
 * Imported series follows land on the tracking domain's own follow state, as following a series
 * from its page does. Marquee has no archive: an archived series (the user stopped watching it)
 * becomes not followed and hidden from Up Next, which is what archiving did in the source.
 */

type FollowRow = Extract<ImportRow, { kind: 'follows' }>;

/** Whether the series already is as the row says (applying it would change nothing). */
export function followPresent(tracking: Tracking, row: FollowRow, chosen: MatchCandidate): boolean {
  if (chosen.mediaType !== 'tv') return false;
  const now = tracking.progress(chosen.id);
  if (!now) return false;
  return row.state === 'archived'
    ? now.follow === 'unfollow' && now.hidden
    : now.follow === 'follow';
}

/** Sets the series' follow state as the row says. */
export function applyFollow(tracking: Tracking, row: FollowRow, chosen: MatchCandidate): void {
  if (chosen.mediaType !== 'tv')
    throw new CodedError('invalid_input', 'Only a series can be followed; this is a film.');
  if (row.state === 'archived') {
    tracking.setFollow(chosen.id, 'unfollow');
    tracking.setHidden(chosen.id, true);
  } else tracking.setFollow(chosen.id, 'follow');
}
