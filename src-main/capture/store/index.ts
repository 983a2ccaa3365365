import type Database from 'better-sqlite3';
import { createLinkStore, createSeenStore, type LinkStore, type SeenStore } from './captured';
import { createIdStore, createReviewStore, type IdStore, type ReviewStore } from './review';
import { createServerStore, type ServerStore } from './servers';

export type { CaptureLink, CapturedRow, LinkStore, SeenStore } from './captured';
export type { IdStore, KnownId, ReviewRow, ReviewStore } from './review';
export type { ServerRow, ServerStore } from './servers';

/** The capture domain's tables in the library. */
export interface CaptureStore {
  servers: ServerStore;
  links: LinkStore;
  seen: SeenStore;
  review: ReviewStore;
  ids: IdStore;
}

export function createCaptureStore(db: Database.Database): CaptureStore {
  return {
    servers: createServerStore(db),
    links: createLinkStore(db),
    seen: createSeenStore(db),
    review: createReviewStore(db),
    ids: createIdStore(db),
  };
}
