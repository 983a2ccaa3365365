import type { PlayView } from '../../../src-shared/ipc/contract/tracking';
import type { TestCore } from './core';

/**
 * Every play in the core's library, newest first, read through the window's channel the way a
 * window pages it: each page right after the previous page's last play.
 */
export async function everyPlayOf(
  t: Pick<TestCore, 'value'>,
  options: { pageSize?: number; mediaType?: 'movie' | 'episode' } = {},
): Promise<PlayView[]> {
  const limit = options.pageSize ?? 1000;
  const kind = options.mediaType === undefined ? {} : { mediaType: options.mediaType };
  const plays: PlayView[] = [];
  let page = await t.value('tracking.history', { limit, ...kind });
  for (;;) {
    plays.push(...page.plays);
    if (page.next === null) return plays;
    page = await t.value('tracking.history', { limit, after: page.next, ...kind });
  }
}
