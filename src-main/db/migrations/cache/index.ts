import type { Migration } from '../../migrate';
import { cache001 } from './001_initial';
import { cache002 } from './002_images';
import { cache003 } from './003_search_by_popularity';
import { cache004 } from './004_search_tuning';
import { cache005 } from './005_availability';
import { cache006 } from './006_availability_hints';

/** Append-only: add the next numbered file at the end. */
export const cacheMigrations: readonly Migration[] = [
  cache001,
  cache002,
  cache003,
  cache004,
  cache005,
  cache006,
];
