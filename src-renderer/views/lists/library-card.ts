import type { LibraryItem } from '../../../src-shared/ipc/contract';
import type { Card } from '../../components/cards/card';
import { formatVote, yearOf } from '../../lib/format';
import { detailHref } from '../../lib/routes';

/** A film or series of the library as a poster card, for the Lists poster grid. */
export function libraryCard(item: LibraryItem & { mediaType: 'movie' | 'tv' }): Card {
  return {
    kind: item.mediaType,
    id: item.mediaId,
    title: item.title ?? `Untitled (${item.mediaType} ${item.mediaId})`,
    subtitle: yearOf(item.releaseDate),
    rating: formatVote(item.voteAverage),
    imagePath: item.posterPath,
    href: detailHref({ kind: item.mediaType, id: item.mediaId }),
  };
}

/** The films and series among library items (episodes have no poster card of their own). */
export function libraryCards(items: readonly LibraryItem[]): Card[] {
  return items.flatMap((item) =>
    item.mediaType === 'episode' ? [] : [libraryCard({ ...item, mediaType: item.mediaType })],
  );
}
