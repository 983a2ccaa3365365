import type { Tracking } from './tracking';
import type { Play } from './types';

/**
 * Every play of the history (of one media type when asked), newest first, read page by page
 * after each page's last play. `onPage` hears the plays read so far and the total, and may throw
 * to stop.
 */
export function everyPlay(
  tracking: Pick<Tracking, 'history'>,
  options: {
    pageSize: number;
    mediaType?: 'movie' | 'episode';
    onPage?: (done: number, total: number) => void;
  },
): Play[] {
  const out: Play[] = [];
  const kind = options.mediaType === undefined ? {} : { mediaType: options.mediaType };
  let page = tracking.history({ limit: options.pageSize, ...kind });
  for (;;) {
    out.push(...page.plays);
    options.onPage?.(out.length, page.total);
    if (page.next === null || page.plays.length === 0) return out;
    page = tracking.history({ limit: options.pageSize, after: page.next, ...kind });
  }
}
