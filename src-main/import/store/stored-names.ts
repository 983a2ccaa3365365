import type { ImportKind } from '../../../src-shared/ipc/contract/import';

/**
 * Jobs stored before the row kinds and the targets took the contract's names (`importKind`) hold
 * the older ones: a row's own `kind` of `rating`, `favourite`, `listItem` or `follow`, and a
 * `history` target. They are read as the names of today; everything written uses those.
 */
const OLDER_ROW_KINDS: Readonly<Record<string, ImportKind>> = {
  rating: 'ratings',
  favourite: 'favourites',
  listItem: 'lists',
  follow: 'follows',
};

/** A stored reader's row, its kind named as today. */
export function storedRow(row: unknown): unknown {
  if (row === null || typeof row !== 'object' || !('kind' in row)) return row;
  const older = row.kind;
  if (typeof older !== 'string' || !Object.hasOwn(OLDER_ROW_KINDS, older)) return row;
  return { ...row, kind: OLDER_ROW_KINDS[older] };
}

/** Stored targets, the watch history named `watched` as today. */
export function storedTargets(targets: unknown): unknown {
  if (targets === null || typeof targets !== 'object' || !('history' in targets)) return targets;
  const { history, ...rest } = targets;
  return { watched: history, ...rest };
}
