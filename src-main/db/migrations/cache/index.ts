import type { Migration } from '../../migrate';
import { cache001 } from './001_initial';
import { cache002 } from './002_images';

/** Append-only: add the next numbered file at the end. */
export const cacheMigrations: readonly Migration[] = [cache001, cache002];
