import type Database from 'better-sqlite3';
import { cutText } from '../../../src-shared/text/bound';
import { TEXT_LIMITS } from '../../../src-shared/text/limits';
import type { ItemSummary, OutboxOp, RatingTarget } from '../changes';

/** Thrown for a change that cannot apply to the mirror (e.g. a list that does not exist); nothing is written. */
export class LibraryInputError extends Error {
  readonly code = 'invalid_input';
  constructor(message: string) {
    super(message);
    this.name = 'LibraryInputError';
  }
}

const episodeKey = (t: RatingTarget): [number, number] =>
  t.mediaType === 'episode' ? [t.season, t.episode] : [-1, -1];

/** Writes ops into the mirror tables. All statements are prepared once. */
export function createMirrorWriter(db: Database.Database): {
  apply(op: OutboxOp, at: number): void;
  summary(mediaType: 'movie' | 'tv', mediaId: number, summary: ItemSummary, at: number): void;
} {
  const addEntry = db.prepare(
    `INSERT INTO collection_entries (collection, media_type, media_id, season_number, episode_number, rating, added_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET rating = excluded.rating`,
  );
  const removeEntry = db.prepare(
    'DELETE FROM collection_entries WHERE collection = ? AND media_type = ? AND media_id = ? AND season_number = ? AND episode_number = ?',
  );
  const listExists = db.prepare('SELECT 1 FROM lists WHERE id = ?').pluck();
  const createList = db.prepare(
    'INSERT INTO lists (id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  const addItem = db.prepare(
    'INSERT INTO list_items (list_id, media_type, media_id, added_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const removeItem = db.prepare(
    'DELETE FROM list_items WHERE list_id = ? AND media_type = ? AND media_id = ?',
  );
  const clearList = db.prepare('DELETE FROM list_items WHERE list_id = ?');
  const deleteList = db.prepare('DELETE FROM lists WHERE id = ?');
  const touchList = db.prepare('UPDATE lists SET updated_at = ? WHERE id = ?');
  const upsertSummary = db.prepare(
    `INSERT INTO item_summaries (media_type, media_id, title, original_title, poster_path, release_date, popularity, vote_average, updated_at)
     VALUES (@mediaType, @mediaId, @title, @originalTitle, @posterPath, @releaseDate, @popularity, @voteAverage, @at)
     ON CONFLICT DO UPDATE SET
       title = coalesce(excluded.title, title), original_title = coalesce(excluded.original_title, original_title),
       poster_path = coalesce(excluded.poster_path, poster_path), release_date = coalesce(excluded.release_date, release_date),
       popularity = coalesce(excluded.popularity, popularity), vote_average = coalesce(excluded.vote_average, vote_average),
       updated_at = excluded.updated_at`,
  );

  const requireList = (listId: string): void => {
    if (!listExists.get(listId)) throw new LibraryInputError(`no list with id ${listId}`);
  };

  return {
    apply(op, at) {
      switch (op.type) {
        case 'watchlist':
        case 'favorite':
          if (op.on) addEntry.run(op.type, op.mediaType, op.mediaId, -1, -1, null, at);
          else removeEntry.run(op.type, op.mediaType, op.mediaId, -1, -1);
          return;
        case 'rating': {
          const [season, episode] = episodeKey(op.target);
          if (op.value === null)
            removeEntry.run('rated', op.target.mediaType, op.target.mediaId, season, episode);
          else
            addEntry.run(
              'rated',
              op.target.mediaType,
              op.target.mediaId,
              season,
              episode,
              op.value,
              at,
            );
          return;
        }
        case 'list_create':
          // TMDB's lists come in through here too, with text of any length: the library keeps
          // what its limits allow, so whatever it holds a backup can hold.
          createList.run(
            op.listId,
            cutText(op.name, TEXT_LIMITS.listName),
            cutText(op.description, TEXT_LIMITS.listDescription),
            at,
            at,
          );
          return;
        case 'list_item':
          requireList(op.listId);
          if (op.present) addItem.run(op.listId, op.mediaType, op.mediaId, at);
          else removeItem.run(op.listId, op.mediaType, op.mediaId);
          touchList.run(at, op.listId);
          return;
        case 'list_clear':
          requireList(op.listId);
          clearList.run(op.listId);
          touchList.run(at, op.listId);
          return;
        case 'list_delete':
          requireList(op.listId);
          deleteList.run(op.listId);
          return;
      }
    },
    summary(mediaType, mediaId, summary, at) {
      upsertSummary.run({
        mediaType,
        mediaId,
        title: summary.title ?? null,
        originalTitle: summary.originalTitle ?? null,
        posterPath: summary.posterPath ?? null,
        releaseDate: summary.releaseDate ?? null,
        popularity: summary.popularity ?? null,
        voteAverage: summary.voteAverage ?? null,
        at,
      });
    },
  };
}
